import { useState, type TextareaHTMLAttributes } from 'react';
import { cx, type Variant } from './variant.js';

/** Height of one text area row in px (spec §9). */
export const TEXTAREA_ROW_HEIGHT = 25;

/** Enforces the maximum length, counting user-perceived characters so emoji are not split. */
export function clampText(value: string, maxLength: number | undefined): string {
  if (!maxLength || maxLength <= 0) return value;
  const chars = Array.from(value);
  return chars.length > maxLength ? chars.slice(0, maxLength).join('') : value;
}

/** The counter text "length/max", or '' without a limit. */
export function counterText(value: string, maxLength: number | undefined): string {
  return maxLength ? `${Array.from(value).length}/${maxLength}` : '';
}

/** Props of {@link TextArea}. */
export interface TextAreaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'maxLength'
> {
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
  rows?: number;
  variant?: Variant;
}

/** A multi-line field with a length counter, an enforced maximum and an active state while focused. */
export function TextArea({
  value,
  onChange,
  maxLength,
  rows = 3,
  variant = 'pc',
  className,
  onFocus,
  onBlur,
  ...rest
}: TextAreaProps) {
  const [inner, setInner] = useState('');
  const [active, setActive] = useState(false);
  const current = value ?? inner;
  return (
    <span className={cx('ui-textarea', `ui-textarea--${variant}`, active && 'is-active', className)}>
      <textarea
        {...rest}
        rows={rows}
        style={{ height: rows * TEXTAREA_ROW_HEIGHT, lineHeight: `${TEXTAREA_ROW_HEIGHT}px` }}
        className="ui-textarea__field"
        value={current}
        onFocus={(e) => {
          setActive(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setActive(false);
          onBlur?.(e);
        }}
        onChange={(e) => {
          const next = clampText(e.target.value, maxLength);
          if (value === undefined) setInner(next);
          onChange?.(next);
        }}
      />
      {maxLength ? <span className="ui-textarea__counter">{counterText(current, maxLength)}</span> : null}
    </span>
  );
}
