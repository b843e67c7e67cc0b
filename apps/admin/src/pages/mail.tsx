import { useState, type FormEvent } from 'react';
import { mailTest } from '@forum/contracts';
import { Button } from '@forum/ui';
import { run } from '../api.ts';
import { ml } from '../i18n-mail.ts';
import { SettingsForm } from './settings.tsx';

/** Email: the SMTP server, the sender, the site address for links, and a test send through the mail queue. */
export function MailSettings() {
  return (
    <>
      <SettingsForm
        title={ml.title}
        testId="admin-mail"
        fields={[
          { key: 'mail_open', label: ml.open, kind: 'bool', tag: 'mail', hint: ml.note },
          { key: 'mail_host', label: ml.host, kind: 'text', tag: 'mail' },
          {
            key: 'mail_secure',
            label: ml.secure,
            kind: 'radio',
            tag: 'mail',
            options: [
              ['starttls', ml.secureStarttls],
              ['tls', ml.secureTls],
              ['none', ml.secureNone],
            ],
          },
          { key: 'mail_tls_verify', label: ml.tlsVerify, kind: 'bool', tag: 'mail', hint: ml.tlsVerifyHint },
          { key: 'mail_port', label: ml.port, kind: 'number', tag: 'mail' },
          { key: 'mail_username', label: ml.username, kind: 'text', tag: 'mail' },
          { key: 'mail_password', label: ml.password, kind: 'password', tag: 'mail' },
          { key: 'mail_from', label: ml.from, kind: 'text', tag: 'mail' },
          { key: 'mail_from_name', label: ml.fromName, kind: 'text', tag: 'mail' },
          { key: 'mail_digest_hour', label: ml.digestHour, kind: 'number', tag: 'mail' },
          {
            key: 'site_url',
            label: ml.siteUrl,
            kind: 'text',
            hint: ml.siteUrlHint,
            // The address the administrator reaches the site by: right far more often than an empty one.
            fallback: window.location.origin,
          },
        ]}
      />
      <TestSend />
    </>
  );
}

/**
 * The server tags an encryption failure it recognises (`[starttls] English hint: server's words`): the hint in
 * this page's language, then the server's own words.
 */
function explained(error: string): string {
  const m = /^\[(certificate|starttls|no-tls)\] [^:]*: /.exec(error);
  return m ? `${ml.hints[m[1] as keyof typeof ml.hints]}${ml.hintSep}${error.slice(m[0].length)}` : error;
}

/** Sends a test message and shows the SMTP server's answer. */
function TestSend() {
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    const r = await run(mailTest, { to: to.trim() });
    setBusy(false);
    if (!r) return;
    const res = r.sent
      ? { ok: true, text: ml.testOk }
      : { ok: false, text: r.queued ? ml.testQueued : `${ml.testFailed}${explained(r.error ?? '')}` };
    setResult(res);
  };
  return (
    <section className="admin-mail-test" data-testid="admin-mail-test">
      <h2>{ml.testTitle}</h2>
      <form className="admin-form" onSubmit={(e) => void submit(e)}>
        <small className="admin-hint">{ml.testNote}</small>
        <label className="admin-field admin-field--text">
          <span>{ml.testTo}</span>
          <input type="email" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        {result && (
          <p
            className={result.ok ? 'admin-result admin-result--ok' : 'admin-result admin-result--error'}
            role="status"
            data-testid="mail-test-result"
          >
            {result.text}
          </p>
        )}
        <Button
          kind="primary"
          type="submit"
          loading={busy}
          disabled={!to.trim()}
          data-testid="mail-test-send"
        >
          {ml.testSend}
        </Button>
      </form>
    </section>
  );
}
