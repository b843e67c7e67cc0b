import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { install, installStatus } from '@forum/contracts';
import { Button, TextField, toast } from '@forum/ui';
import { apiFrom, getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { PasswordField, UsernameField } from '../user/account-fields.tsx';
import { AuthCard } from '../user/auth-card.tsx';

/** Whether the site already has its first administrator. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<{ installed: boolean }> {
  const res = await (await apiFrom(context)).call(installStatus, {}, { signal: request.signal });
  return { installed: res.Data?.installed ?? false };
}

/** `/install?token=`: creates the first administrator with the one-time setup token printed by the server. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const navigate = useNavigate();
  const { installed } = useLoaderData() as { installed: boolean };
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [siteName, setSiteName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  if (installed) {
    return (
      <AuthCard variant={platform} title={t('install.title')}>
        <p className="auth-note" data-testid="install-done">
          {t('install.done')}
        </p>
      </AuthCard>
    );
  }
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await (
      await getBrowserApi()
    ).call(install, { token, username, password, ...(siteName ? { siteName } : {}) });
    setBusy(false);
    if (res.Code !== 0) {
      toast.error(res.Message);
      return;
    }
    toast.success(t('install.success'));
    await navigate('/user/login', { replace: true });
  };
  return (
    <AuthCard variant={platform} title={t('install.title')}>
      <p className="auth-note">{t('install.intro')}</p>
      <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} data-testid="install-form">
        <TextField
          variant={platform}
          label={t('install.token')}
          name="token"
          trim
          value={token}
          onChange={setToken}
          placeholder={t('install.tokenPlaceholder')}
          autoComplete="off"
          required
        />
        <TextField
          variant={platform}
          label={t('install.siteName')}
          name="siteName"
          maxLength={50}
          value={siteName}
          onChange={setSiteName}
          autoComplete="off"
        />
        {/* The first administrator's account: the shared fields, named for this page, without the hints. */}
        <UsernameField
          variant={platform}
          label={t('install.adminUsername')}
          placeholder={undefined}
          value={username}
          onChange={setUsername}
        />
        <PasswordField
          variant={platform}
          label={t('install.adminPassword')}
          placeholder={undefined}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('install.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
