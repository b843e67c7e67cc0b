import type { ProfileUser } from '@forum/contracts';
import { Button } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { followLabel, usePeopleActions } from './people-actions.ts';

/** Follow, message and block, each with its loading state (hover card and profile header; `prefix` names them). */
export function PeopleButtons({
  user,
  onChange,
  prefix,
}: {
  user: ProfileUser;
  onChange: (next: ProfileUser) => void;
  prefix: 'card' | 'profile';
}) {
  const { t } = useTranslation();
  const { busy, follow, block, message } = usePeopleActions(user, onChange);
  const refused = !!user.isDeny || !!user.isDenied;
  return (
    <>
      <Button
        kind={user.follow ? 'default' : 'primary'}
        size="small"
        loading={busy === 'follow'}
        disabled={refused}
        onClick={() => void follow()}
        data-testid={`${prefix}-follow`}
        data-state={user.follow ?? 0}
      >
        {followLabel(t, user.follow)}
      </Button>
      <Button size="small" onClick={message} disabled={refused} data-testid={`${prefix}-message`}>
        {t('people.message')}
      </Button>
      <Button
        size="small"
        loading={busy === 'block'}
        onClick={() => void block()}
        data-testid={`${prefix}-block`}
      >
        {user.isDeny ? t('people.unblock') : t('people.block')}
      </Button>
    </>
  );
}
