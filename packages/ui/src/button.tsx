import { useEffect, useRef, useState, type ButtonHTMLAttributes } from 'react';
import { cx, type Variant } from './variant.js';

/** How long the pressed highlight stays after release (spec: 50 ms). */
export const PRESS_HIGHLIGHT_MS = 50;

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind?: 'primary' | 'default' | 'text' | 'danger';
  size?: 'small' | 'medium' | 'large';
  variant?: Variant;
  full?: boolean;
  loading?: boolean;
}

/** A button with a short press highlight so taps on touch screens give feedback. */
export function Button({
  kind = 'default',
  size = 'medium',
  variant = 'pc',
  full,
  loading,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const [pressed, setPressed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const release = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPressed(false), PRESS_HIGHLIGHT_MS);
  };
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'ui-button',
        `ui-button--${kind}`,
        `ui-button--${size}`,
        `ui-button--${variant}`,
        full && 'ui-button--full',
        pressed && 'is-pressed',
        className,
      )}
      onPointerDown={(e) => {
        clearTimeout(timer.current);
        setPressed(true);
        rest.onPointerDown?.(e);
      }}
      onPointerUp={(e) => {
        release();
        rest.onPointerUp?.(e);
      }}
      onPointerLeave={(e) => {
        if (pressed) release();
        rest.onPointerLeave?.(e);
      }}
    >
      {loading && <span className="ui-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
