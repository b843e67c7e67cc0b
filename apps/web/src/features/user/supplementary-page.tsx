import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { CallOutput, mySignInFields } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { takeReturn } from '../../app/login-return.ts';
import { useSite } from '../../app/site-context.tsx';
import { safeSessionStorage } from '../../app/storage.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRequireLogin } from '../../shared/use-require-login.ts';
import { postMultipart } from '../../shared/post-multipart.ts';
import { AuthCard } from './auth-card.tsx';
import { stopIfEmpty } from './required-fields.ts';

type Field = CallOutput<typeof mySignInFields>[number];

/** The choices of a radio or checkbox field (`fieldsExt` holds `{"options": [...]}`). */
function optionsOf(f: Field): string[] {
  try {
    const o = (JSON.parse(f.fieldsExt) as { options?: unknown }).options;
    return Array.isArray(o) ? o.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * An image (4) or file (5) field: the chosen file is uploaded at once and the answer is its address. The page
 * shows the file's name, not the file: an account held at this gate cannot read attachments yet.
 */
function UploadAnswer({
  field,
  value,
  onUploaded,
}: {
  field: Field;
  value: string;
  onUploaded: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await postMultipart<{ url: string; fileName: string }>(
      `/api/v3/user/signinfields.upload?aid=${field.id}`,
      form,
    );
    setBusy(false);
    if (!res) return;
    setName(res.fileName);
    onUploaded(res.url);
  };
  return (
    <span className="supplementary-upload">
      <input
        type="file"
        name={`field-${field.id}`}
        accept={field.type === 4 ? 'image/*' : undefined}
        data-testid={`upload-field-${field.id}`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {busy ? (
        <span className="muted">{t('supplementary.uploading')}</span>
      ) : (
        value && (
          <span className="muted" data-testid="upload-done">
            {t('supplementary.uploaded', { name: name || value.split('/').pop() || '' })}
          </span>
        )
      )}
    </span>
  );
}

/**
 * `/user/supplementary` (reference §1.1): the administrator's extra sign-in fields. The -3007 gate sends a new
 * account here; answering goes on to review or straight in. A rejected answer shows the reason to resubmit.
 */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const isLogin = useRequireLogin();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [fields, setFields] = useState<Field[] | null>(null);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isLogin) return;
    void (async () => {
      const [api, { mySignInFields: call }] = await Promise.all([
        getBrowserApi(),
        import('@forum/contracts'),
      ]);
      const res = await api.call(call, {});
      const list = res.Data ?? [];
      setFields(list);
      setAnswers(Object.fromEntries(list.map((f) => [f.id, f.answer?.fieldsExt ?? ''])));
    })();
  }, [isLogin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (stopIfEmpty(e.currentTarget, t)) return;
    if (!fields) return;
    setBusy(true);
    const [api, { mySignInSubmit }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    const res = await api.call(mySignInSubmit, {
      data: fields.map((f) => ({ aid: f.id, fieldsExt: answers[f.id] ?? '' })),
    });
    setBusy(false);
    if (res.Code !== 0 || !res.Data) return void toast.error(res.Message);
    toast.success(t('supplementary.done'));
    await revalidate();
    if (res.Data.userStatus === 0) await navigate(takeReturn(safeSessionStorage()), { replace: true });
    else await navigate(`/user/status?statusCode=${res.Data.userStatus}`, { replace: true });
  };

  if (!isLogin) return null;
  const set = (id: number, value: string) => setAnswers({ ...answers, [id]: value });
  return (
    <AuthCard variant={platform} title={t('supplementary.title')}>
      <p className="auth-note">{t('supplementary.tip')}</p>
      {!fields ? (
        <p className="muted">{t('supplementary.loading')}</p>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          data-testid="supplementary-form"
        >
          {fields.map((f) => (
            <label key={f.id} className="ui-field supplementary-field">
              <span className="ui-field__label">
                {f.name}
                {f.required && <span className="supplementary-required"> *</span>}
              </span>
              {f.answer?.status === 2 && (
                <span className="ui-field__error">
                  {t('supplementary.rejected', { reason: f.answer.remark })}
                </span>
              )}
              {f.type === 1 ? (
                <textarea
                  name={`field-${f.id}`}
                  rows={3}
                  value={answers[f.id] ?? ''}
                  onChange={(e) => set(f.id, e.target.value)}
                />
              ) : f.type === 2 || f.type === 3 ? (
                <span className="supplementary-options">
                  {optionsOf(f).map((o) => {
                    const picked = (answers[f.id] ?? '').split('\n').filter(Boolean);
                    const on = picked.includes(o);
                    return (
                      <label key={o}>
                        <input
                          type={f.type === 2 ? 'radio' : 'checkbox'}
                          name={`field-${f.id}`}
                          checked={on}
                          onChange={() =>
                            set(
                              f.id,
                              f.type === 2
                                ? o
                                : (on ? picked.filter((x) => x !== o) : [...picked, o]).join('\n'),
                            )
                          }
                        />
                        {o}
                      </label>
                    );
                  })}
                </span>
              ) : f.type === 4 || f.type === 5 ? (
                <UploadAnswer field={f} value={answers[f.id] ?? ''} onUploaded={(url) => set(f.id, url)} />
              ) : (
                <input
                  name={`field-${f.id}`}
                  value={answers[f.id] ?? ''}
                  onChange={(e) => set(f.id, e.target.value)}
                />
              )}
              {f.fieldsDesc && <span className="muted">{f.fieldsDesc}</span>}
            </label>
          ))}
          <Button
            kind="primary"
            size="large"
            variant={platform}
            type="submit"
            full
            loading={busy}
            data-testid="supplementary-submit"
          >
            {t('supplementary.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
