import { Link } from 'react-router';
import type { FollowListItem } from '@forum/contracts';
import { Avatar, type Variant } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { UserHover } from './user-hover.tsx';

/** A list of people (follows, fans, blocks), each linking to their profile; `action` adds a button per row. */
export function PeopleList({
  people,
  variant,
  action,
}: {
  people: FollowListItem[] | null;
  variant: Variant;
  action?: (p: FollowListItem) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (people === null) return <p className="muted">{t('people.loading')}</p>;
  if (!people.length) return <p className="muted">{t('people.noPeople')}</p>;
  return (
    <ul className={`people-list people-list--${variant}`} data-testid="people-list">
      {people.map((p) => {
        const name = p.nickname || p.username;
        return (
          <li key={p.userId} className="people-row" data-testid="people-row" data-user-id={p.userId}>
            <UserHover userId={p.userId} name={name} avatar={p.avatarUrl}>
              <Avatar image={p.avatarUrl} name={name} size="small" circle />
            </UserHover>
            <div className="people-row__body">
              <Link to={`/user/${p.userId}`} className="people-row__name">
                {name}
              </Link>
              {p.follow === 2 && <span className="tag">{t('people.mutual')}</span>}
              <span className="people-row__sig muted">{p.signature || t('people.noSignature')}</span>
            </div>
            {action?.(p)}
          </li>
        );
      })}
    </ul>
  );
}
