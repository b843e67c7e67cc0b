import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../app/site-context.tsx';
import { CardLoading } from './card-loading.tsx';

// The card's code loads on the first hover: list pages (and phones, which never hover) do not pay for it.
const UserCard = lazy(() => import('./user-card.tsx').then((m) => ({ default: m.UserCard })));

/** The card hides this long after the pointer leaves (spec §4). */
const HIDE_MS = 200;

/**
 * Wraps an avatar (and name) so that hovering shows the user's card (spec §2 user hover card): shown on mouse
 * enter with a placeholder while loading, hidden 200 ms after leave. Anonymous authors (id 0) have no card; on a
 * phone a tap goes to the profile instead.
 */
export function UserHover({
  userId,
  name,
  avatar,
  children,
}: {
  userId: number;
  /** What the page already shows: the card's content when the viewer may not read profiles (guests). */
  name: string;
  avatar: string;
  children: ReactNode;
}) {
  const { platform } = useSite();
  const [open, setOpen] = useState(false);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hide.current), []);
  if (!userId) return <>{children}</>;
  if (platform !== 'pc') {
    return (
      <Link to={`/user/${userId}`} className="user-hover" data-testid="user-link">
        {children}
      </Link>
    );
  }
  return (
    <span
      className="user-hover"
      data-testid="user-hover"
      data-user-id={userId}
      onMouseEnter={() => {
        clearTimeout(hide.current);
        setOpen(true);
      }}
      onMouseLeave={() => {
        hide.current = setTimeout(() => setOpen(false), HIDE_MS);
      }}
    >
      <Link to={`/user/${userId}`} className="user-hover__target">
        {children}
      </Link>
      {open && (
        <Suspense fallback={<CardLoading />}>
          <UserCard userId={userId} name={name} avatar={avatar} />
        </Suspense>
      )}
    </span>
  );
}
