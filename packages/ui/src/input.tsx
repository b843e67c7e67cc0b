import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx, type Variant } from './variant.js';

/** Applies the input modes: number mode keeps digits only; trim removes all whitespace. */
export function filterInputValue(value: string, opts: { mode?: 'text' | 'number'; trim?: boolean }): string {
  let v = value;
  if (opts.mode === 'number') v = v.replace(/\D/g, '');
  if (opts.trim) v = v.replace(/\s/g, '');
  return v;
}

/** Props of {@link Input}. */
export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value?: string;
  onChange?: (value: string) => void;
  mode?: 'text' | 'number';
  trim?: boolean;
  variant?: Variant;
  /** Content after the field (a unit or a button); 50 px wide by default. */
  append?: ReactNode;
  appendWidth?: string;
}

/** A text field that filters what is typed according to its mode. */
export function Input({
  value,
  onChange,
  mode = 'text',
  trim,
  variant = 'pc',
  append,
  appendWidth = '50px',
  className,
  ...rest
}: InputProps) {
  const [inner, setInner] = useState('');
  const current = value ?? inner;
  return (
    <span className={cx('ui-input', `ui-input--${variant}`, className)}>
      <input
        {...rest}
        className="ui-input__field"
        inputMode={mode === 'number' ? 'numeric' : rest.inputMode}
        value={current}
        onChange={(e) => {
          const next = filterInputValue(e.target.value, { mode, trim });
          if (value === undefined) setInner(next);
          onChange?.(next);
        }}
      />
      {append !== undefined && (
        <span className="ui-input__append" style={{ width: appendWidth }}>
          {append}
        </span>
      )}
    </span>
  );
}
