import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx, type Variant } from './variant.js';

/** Hover delays of the dropdown (spec §9): open after 250 ms, close after 150 ms. */
export const DROPDOWN_OPEN_DELAY = 250;
/** See {@link DROPDOWN_OPEN_DELAY}. */
export const DROPDOWN_CLOSE_DELAY = 150;

/** One menu entry. */
export interface DropdownItem {
  key: string;
  label: ReactNode;
}

/** Props of {@link Dropdown}. */
export interface DropdownProps {
  items: DropdownItem[];
  onSelect?: (key: string) => void;
  trigger?: 'hover' | 'click';
  /** Close the menu after a choice (default true). */
  hideOnClick?: boolean;
  placement?: 'left' | 'right';
  variant?: Variant;
  children: ReactNode;
}

/** A menu that opens on hover (with delays) or on click (closing on an outside click). */
export function Dropdown({
  items,
  onSelect,
  trigger = 'hover',
  hideOnClick = true,
  placement = 'right',
  variant = 'pc',
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLSpanElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (trigger !== 'click' || !open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [trigger, open]);

  const later = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  };

  return (
    <span
      ref={root}
      className={cx('ui-dropdown', `ui-dropdown--${variant}`, open && 'is-open')}
      onMouseEnter={trigger === 'hover' ? () => later(true, DROPDOWN_OPEN_DELAY) : undefined}
      onMouseLeave={trigger === 'hover' ? () => later(false, DROPDOWN_CLOSE_DELAY) : undefined}
    >
      <span
        className="ui-dropdown__trigger"
        role="button"
        tabIndex={0}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={trigger === 'click' ? () => setOpen((o) => !o) : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') setOpen((o) => !o);
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        {children}
      </span>
      {open && (
        <ul className={cx('ui-dropdown__menu', `ui-dropdown__menu--${placement}`)} role="menu">
          {items.map((item) => (
            <li
              key={item.key}
              role="menuitem"
              tabIndex={0}
              className="ui-dropdown__item"
              onClick={() => {
                onSelect?.(item.key);
                if (hideOnClick) {
                  clearTimeout(timer.current);
                  setOpen(false);
                }
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.click();
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
