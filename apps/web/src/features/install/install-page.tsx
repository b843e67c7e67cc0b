import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { install, installStatus } from '@forum/contracts';
import { Button, Input, toast } from '@forum/ui';
import { apiFrom, getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { AuthCard, Field } from '../user/auth-card.tsx';

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
        <Field label={t('install.token')}>
          <Input
            variant={platform}
            name="token"
            trim
            value={token}
            onChange={setToken}
            placeholder={t('install.tokenPlaceholder')}
            required
          />
        </Field>
        <Field label={t('install.siteName')}>
          <Input variant={platform} name="siteName" value={siteName} onChange={setSiteName} maxLength={50} />
        </Field>
        <Field label={t('install.adminUsername')}>
          <Input
            variant={platform}
            name="username"
            trim
            value={username}
            onChange={setUsername}
            maxLength={15}
            required
          />
        </Field>
        <Field label={t('install.adminPassword')}>
          <Input
            variant={platform}
            name="password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            required
          />
        </Field>
        <Button kind="primary" size="large" variant={platform} type="submit" full loading={busy}>
          {t('install.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
