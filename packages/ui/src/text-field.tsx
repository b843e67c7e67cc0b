import { useId, type ReactNode } from 'react';
import { Input, type InputProps } from './input.js';

/** Props of {@link TextField}: everything {@link Input} takes, plus the words around it. */
export interface TextFieldProps extends InputProps {
  label: ReactNode;
  /** A help line under the input. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the input, announced, and marks the input invalid. */
  error?: ReactNode;
}

/**
 * A form row: label, input, then the hint and the error. The label points at the input by id (not by
 * wrapping it) so that the hint and the error describe the input without becoming part of its name.
 */
export function TextField({ label, hint, error, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <Input
        {...input}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
