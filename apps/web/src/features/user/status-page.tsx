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

/** `/user/status?statusCode=&statusMsg=`: why the account cannot be used yet. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const [params] = useSearchParams();
  const code = Number(params.get('statusCode') ?? '');
  const reason = params.get('statusMsg');
  return (
    <AuthCard variant={platform} title={t('status.title')}>
      <p className="auth-note" data-testid="status-message">
        {t(statusMessageKey(code))}
      </p>
      <p className="auth-links auth-links--muted" data-testid="status-code">
        {t('status.code', { code: Number.isFinite(code) ? code : '' })}
      </p>
      {reason && <p className="auth-links auth-links--muted">{t('status.reason', { reason })}</p>}
      <p className="auth-links">
        <Link to="/">{t('status.home')}</Link>
      </p>
    </AuthCard>
  );
}
