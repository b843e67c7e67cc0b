import { useState } from 'react';
import { cx } from './variant.js';

/** Avatar sizes; "primary" is the default (spec §3). */
export type AvatarSize = 'mini' | 'small' | 'primary' | 'medium' | 'big';

/** The fallback letter: the first character of the name, uppercased. */
export function avatarLetter(name: string | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toUpperCase() : '';
}

/** Which badge a user type shows: 1 a like badge, 2 or 3 a heart badge. */
export function avatarBadge(userType: number | undefined): 'like' | 'heart' | null {
  if (userType === 1) return 'like';
  if (userType === 2 || userType === 3) return 'heart';
  return null;
}

/** Props of {@link Avatar}. */
export interface AvatarProps {
  image?: string;
  name?: string;
  size?: AvatarSize;
  circle?: boolean;
  userType?: number;
  className?: string;
  onClick?: () => void;
}

/** A user picture, falling back to the name's first letter when there is no image or it fails to load. */
export function Avatar({
  image,
  name,
  size = 'primary',
  circle = false,
  userType,
  className,
  onClick,
}: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const badge = avatarBadge(userType);
  const showImage = Boolean(image) && !broken;
  return (
    <span
      className={cx('ui-avatar', `ui-avatar--${size}`, circle && 'ui-avatar--circle', className)}
      onClick={onClick}
      title={name}
    >
      {showImage ? (
        <img className="ui-avatar__img" src={image} alt={name ?? ''} onError={() => setBroken(true)} />
      ) : (
        <span className="ui-avatar__letter" aria-label={name}>
          {avatarLetter(name)}
        </span>
      )}
      {badge && <span className={cx('ui-avatar__badge', `ui-avatar__badge--${badge}`)} data-badge={badge} />}
    </span>
  );
}

/** Props of {@link AvatarGroup}. */
export interface AvatarGroupProps {
  /** `userType` marks why each is here (1 liked, 2 or 3 paid or tipped: spec §3 badges). */
  users: Array<{ id: number | string; image?: string; name?: string; userType?: number }>;
  /** How many avatars to draw before the "+N" surplus badge. */
  max?: number;
  /** How many there are in all, when `users` is only the first few (a like count). */
  total?: number;
  size?: AvatarSize;
  circle?: boolean;
}

/** The number of users beyond `max`, shown as "+N". */
export function avatarSurplus(total: number, max: number): number {
  return Math.max(0, total - max);
}

/** A row of overlapping avatars with a "+N" badge for the rest. */
export function AvatarGroup({ users, max = 5, total, size = 'small', circle = true }: AvatarGroupProps) {
  const surplus = avatarSurplus(Math.max(total ?? 0, users.length), Math.min(max, users.length));
  return (
    <span className="ui-avatar-group">
      {users.slice(0, max).map((u) => (
        <Avatar key={u.id} image={u.image} name={u.name} size={size} circle={circle} userType={u.userType} />
      ))}
      {surplus > 0 && (
        <span
          className={cx(
            'ui-avatar',
            `ui-avatar--${size}`,
            circle && 'ui-avatar--circle',
            'ui-avatar-group__more',
          )}
          data-testid="avatar-surplus"
        >
          +{surplus}
        </span>
      )}
    </span>
  );
}
