import type { ReactNode } from 'react';
import { cx, type Variant } from './variant.js';

/** Text of a count badge: the number, or "99+" above 99 (spec §2, §9); empty for zero or less. */
export function badgeText(count: number, max = 99): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}

/** Props of {@link Badge}. */
export interface BadgeProps {
  count: number;
  max?: number;
  variant?: Variant;
  /** Accessible label, e.g. "3 unread". */
  label?: string;
  children?: ReactNode;
}

/** A count bubble on top of its children; hidden when the count is zero. */
export function Badge({ count, max = 99, variant = 'pc', label, children }: BadgeProps) {
  const text = badgeText(count, max);
  return (
    <span className={cx('ui-badge', `ui-badge--${variant}`)}>
      {children}
      {text && (
        <sup className="ui-badge__count" aria-label={label} data-testid="badge-count">
          {text}
        </sup>
      )}
    </span>
  );
}
