import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Code, UserStatus } from '@forum/contracts';
import { useSite } from '../../app/site-context.tsx';
import { AuthCard } from './auth-card.tsx';

/** Message key for an account status or the matching error code (reference §2.2). */
export function statusMessageKey(code: number): string {
  if (code === UserStatus.PENDING || code === Code.JUMP_TO_AUDIT) return 'status.pending';
  if (code === UserStatus.REJECTED || code === Code.VALIDATE_REJECT) return 'status.rejected';
  if (code === UserStatus.BANNED || code === Code.USER_BAN) return 'status.banned';
  if (code === UserStatus.IGNORED || code === Code.VALIDATE_IGNORE) return 'status.ignored';
  return 'status.unknown';
}

/**
 * `/user/status?statusCode=&statusMsg=`: why the account cannot be used yet. A logged-in member's own status is
 * the truth (a normal account is told so); a guest's page speaks of the refusal it was sent here with, and a guest
 * who came with none is simply not logged in.
 */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const [params] = useSearchParams();
  const user = forum.user;
  const asked = Number(params.get('statusCode') ?? '');
  const code = user ? user.status : asked;
  const reason = params.get('statusMsg');
  const known = statusMessageKey(code) !== 'status.unknown';
  if (user && code === UserStatus.NORMAL) {
    return (
      <AuthCard variant={platform} title={t('status.title')}>
        <p className="auth-note" data-testid="status-message">
          {t('status.normal')}
        </p>
        <p className="auth-links">
          <Link to="/">{t('status.home')}</Link>
        </p>
      </AuthCard>
    );
  }
  if (!user && !known) {
    return (
      <AuthCard variant={platform} title={t('status.title')}>
        <p className="auth-note" data-testid="status-message">
          {t('status.guest')}
        </p>
        <p className="auth-links">
          <Link to="/user/login" data-testid="status-login">
            {t('status.login')}
          </Link>{' '}
          · <Link to="/">{t('status.home')}</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard variant={platform} title={t('status.title')}>
      <p className="auth-note" data-testid="status-message">
        {t(statusMessageKey(code))}
      </p>
      <p className="auth-links auth-links--muted" data-testid="status-code">
        {t('status.code', { code })}
      </p>
      {reason && <p className="auth-links auth-links--muted">{t('status.reason', { reason })}</p>}
      <p className="auth-links">
        <Link to="/">{t('status.home')}</Link>
      </p>
    </AuthCard>
  );
}
