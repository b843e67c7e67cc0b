import { useEffect, useState, type FormEvent } from 'react';
import type { EmailNotify, EmailStatus } from '@forum/contracts';
import { Button, TextField, toast } from '@forum/ui';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { act } from '../threads/thread-call.ts';
import { looksLikeEmail } from '../user/email-reset.tsx';

const CHOICES: ReadonlyArray<[EmailNotify, 'email.notifyOff' | 'email.notifyEach' | 'email.notifyDigest']> = [
  ['off', 'email.notifyOff'],
  ['each', 'email.notifyEach'],
  ['digest', 'email.notifyDigest'],
];

/**
 * Part of `/my/edit` when the site sends email: my address (a new one gets a confirmation link and replaces
 * the old once confirmed), and how I hear of notifications by email while away.
 */
export function EmailSection() {
  const { t, i18n } = useTranslation();
  const { platform } = useSite();
  const [status, setStatus] = useState<EmailStatus | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'send' | 'remove' | EmailNotify | null>(null);
  useEffect(() => {
    void act('emailGet', {}).then(setStatus);
  }, []);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!looksLikeEmail(email)) return setError(t('email.badEmail'));
    setError('');
    setBusy('send');
    const next = await act('emailSet', { email: email.trim() });
    setBusy(null);
    if (!next) return;
    setStatus(next);
    toast.success(t('email.sent', { email: email.trim() }));
    setEmail('');
  };
  const remove = async () => {
    setBusy('remove');
    const next = await act('emailSet', { email: '' });
    setBusy(null);
    if (next) {
      setStatus(next);
      toast.success(t('email.removed'), { duration: 1000 });
    }
  };
  const choose = async (notify: EmailNotify) => {
    setBusy(notify);
    const next = await act('emailNotifySet', { notify });
    setBusy(null);
    if (next) {
      setStatus(next);
      toast.success(t('email.saved'), { duration: 1000 });
    }
  };

  if (!status) return null;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'en' ? 'en' : 'zh-CN', {
      dateStyle: 'short',
      timeStyle: 'short',
    });
  return (
    <section className="my-settings__section" data-testid="email-section">
      <h2 className="my-settings__title">{t('email.title')}</h2>
      <div className="my-settings__prefs my-settings__prefs--wrap">
        <span data-testid="email-current">
          {status.email ? (
            <>
              <span translate="no">{status.email}</span>{' '}
              <span className="email-verified">{t('email.verified')}</span>
            </>
          ) : (
            t('email.none')
          )}
        </span>
        {status.email && (
          <Button size="small" variant={platform} loading={busy === 'remove'} onClick={() => void remove()}>
            {t('email.remove')}
          </Button>
        )}
      </div>
      {status.pending && (
        <p className="my-settings__note" data-testid="email-pending">
          {t('email.pending', { email: status.pending.email, time: when(status.pending.expiresAt) })}
        </p>
      )}
      <form
        className="my-settings__form email-form"
        noValidate
        onSubmit={(e) => void send(e)}
        data-testid="email-form"
      >
        <TextField
          label={t('email.address')}
          name="email"
          type="email"
          trim
          autoComplete="email"
          placeholder={t('email.placeholder')}
          variant={platform}
          value={email}
          onChange={setEmail}
          error={error || undefined}
        />
        <Button
          kind="primary"
          type="submit"
          variant={platform}
          loading={busy === 'send'}
          disabled={!email.trim()}
        >
          {t('email.send')}
        </Button>
      </form>
      <div
        className="my-settings__prefs my-settings__prefs--wrap"
        role="group"
        aria-label={t('email.notify')}
      >
        <span>{t('email.notify')}</span>
        {CHOICES.map(([value, label]) => (
          <Button
            key={value}
            size="small"
            variant={platform}
            kind={status.notify === value ? 'primary' : 'default'}
            aria-pressed={status.notify === value}
            loading={busy === value}
            data-testid={`email-notify-${value}`}
            onClick={() => void choose(value)}
          >
            {t(label)}
          </Button>
        ))}
      </div>
      <p className="my-settings__note">{t('email.notifyHint')}</p>
    </section>
  );
}
