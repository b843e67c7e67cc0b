import { useEffect, useState, type FormEvent } from 'react';
import { settingsList, settingsSet } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';

/** One form field bound to a setting key. */
interface Field {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'bool' | 'number' | 'picture';
}

/** Uploads a site picture (multipart: the typed dispatcher speaks JSON only); the server saves the setting. */
async function uploadPicture(type: string, file: File): Promise<string | null> {
  const form = new FormData();
  form.append('file', file, file.name);
  const csrf = document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === 'csrf_token')?.[1];
  const res = await fetch(`/api/backAdmin/settings/logo.upload?type=${encodeURIComponent(type)}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {}) },
  });
  const env = (await res.json()) as { Code: number; Message: string; Data: { value: string } | null };
  if (env.Code === 0 && env.Data) return env.Data.value;
  toast.error(env.Message || String(env.Code));
  return null;
}

/** A settings form: reads every setting, edits the given keys, saves them in one call (validated by the server). */
function SettingsForm({ title, fields, testId }: { title: string; fields: Field[]; testId: string }) {
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void run(settingsList, {}).then(
      (rows) => rows && setValues(Object.fromEntries(rows.map((r) => [r.key, r.value]))),
    );
  }, []);
  if (!values) return <p className="admin-empty">{s.loading}</p>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await run(settingsSet, {
      data: fields.map((f) => ({ key: f.key, value: values[f.key] ?? '', tag: 'default' })),
    });
    setBusy(false);
    if (res) toast.success(s.saved, { duration: 1000 });
  };
  const set = (key: string, value: string) => setValues({ ...values, [key]: value });
  return (
    <section data-testid={testId}>
      <h1>{title}</h1>
      <form className="admin-form" onSubmit={(e) => void submit(e)}>
        {fields.map((f) => (
          <label key={f.key} className={`admin-field admin-field--${f.kind}`}>
            <span>{f.label}</span>
            {f.kind === 'bool' ? (
              <input
                type="checkbox"
                name={f.key}
                checked={values[f.key] === '1'}
                onChange={(e) => set(f.key, e.target.checked ? '1' : '0')}
              />
            ) : f.kind === 'picture' ? (
              <span className="admin-picture">
                {values[f.key] && <img src={values[f.key]} alt="" />}
                <input
                  type="text"
                  name={f.key}
                  value={values[f.key] ?? ''}
                  onChange={(e) => set(f.key, e.target.value)}
                />
                <input
                  type="file"
                  accept="image/*"
                  aria-label={f.label}
                  data-testid={`upload-${f.key}`}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      void uploadPicture(f.key, file).then((url) => {
                        if (url) {
                          set(f.key, url);
                          toast.success(s.saved, { duration: 1000 });
                        }
                      });
                  }}
                />
              </span>
            ) : f.kind === 'textarea' ? (
              <textarea
                name={f.key}
                rows={4}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              />
            ) : (
              <input
                type={f.kind === 'number' ? 'number' : 'text'}
                name={f.key}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </label>
        ))}
        <Button kind="primary" type="submit" loading={busy} data-testid="settings-save">
          {s.save}
        </Button>
      </form>
    </section>
  );
}

/** Site information, pictures and closing the site (issue 10 §2). */
export function SiteSettings() {
  return (
    <SettingsForm
      title={s.menu.site}
      testId="admin-site"
      fields={[
        { key: 'site_name', label: s.site.name, kind: 'text' },
        { key: 'site_title', label: s.site.title, kind: 'text' },
        { key: 'site_keywords', label: s.site.keywords, kind: 'text' },
        { key: 'site_introduction', label: s.site.introduction, kind: 'textarea' },
        { key: 'logo', label: s.site.logo, kind: 'picture' },
        { key: 'favicon', label: s.site.favicon, kind: 'picture' },
        { key: 'site_record', label: s.site.record, kind: 'text' },
        { key: 'site_stat', label: s.site.stat, kind: 'textarea' },
        { key: 'site_close', label: s.site.close, kind: 'bool' },
        { key: 'site_close_msg', label: s.site.closeMsg, kind: 'textarea' },
      ]}
    />
  );
}

/** Registration and login rules (issue 10 §2). */
export function RegisterSettings() {
  return (
    <SettingsForm
      title={s.menu.register}
      testId="admin-register"
      fields={[
        { key: 'register_close', label: s.register.open, kind: 'bool' },
        { key: 'register_validate', label: s.register.validate, kind: 'bool' },
        { key: 'register_captcha', label: s.register.captcha, kind: 'bool' },
        { key: 'password_length', label: s.register.passwordLength, kind: 'number' },
        { key: 'open_ext_fields', label: s.register.extFields, kind: 'bool' },
        { key: 'thread_post_interval', label: s.register.postInterval, kind: 'number' },
      ]}
    />
  );
}
