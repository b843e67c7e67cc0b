import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  settingsFormSchema,
  settingsList,
  settingsLogoDelete,
  settingsSet,
  type LOGO_TYPES,
  type SettingItem,
} from '@forum/contracts';

type LogoType = (typeof LOGO_TYPES)[number];
import { Button, toast } from '@forum/ui';
import { postFile, run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';

/** One form field bound to a setting key. */
export interface Field {
  key: string;
  label: string;
  /** `select` and `radio` pick one of `options`, `checks` several (stored comma-separated); `bool` is a switch. */
  kind: 'text' | 'textarea' | 'bool' | 'number' | 'picture' | 'select' | 'radio' | 'checks' | 'password';
  /** The values an enumeration takes, each with what it means: `[value, label]`. */
  options?: ReadonlyArray<readonly [string, string]>;
  rows?: number;
  /** The key's settings tag when the site has not stored it yet (default `default`). */
  tag?: string;
  /** A line under the field (a warning, a unit). */
  hint?: string;
  /** The value the form offers when none is stored (saved with the form). */
  fallback?: string;
}

/** Uploads a site picture; the server saves the setting and answers with it. */
async function uploadPicture(type: string, file: File): Promise<string | null> {
  const r = await postFile<{ value: string }>(
    `/api/backAdmin/settings/logo.upload?type=${encodeURIComponent(type)}`,
    file,
  );
  return r?.value ?? null;
}

/**
 * A settings form: reads every setting, edits the given keys and saves them in one call. The contracts'
 * setting rules check each value (and the cross-field rules) inline before sending; the server checks again.
 */
export function SettingsForm(props: FormProps) {
  const [stored, setStored] = useState<SettingItem[] | null>(null);
  useEffect(() => {
    void run(settingsList, {}).then((rows) => rows && setStored(rows));
  }, []);
  if (!stored) return <p className="admin-empty">{s.loading}</p>;
  return <LoadedForm {...props} stored={stored} />;
}

interface FormProps {
  title: string;
  fields: Field[];
  testId: string;
  /** The title's heading: a page's own form is its h1; one inside a card of another page sits under the card's. */
  heading?: 'h1' | 'h3';
}

function LoadedForm({
  title,
  fields,
  testId,
  heading: Heading = 'h1',
  stored,
}: FormProps & { stored: SettingItem[] }) {
  const byKey = new Map(stored.map((r) => [r.key, r]));
  const keys = fields.map((f) => f.key);
  const tagOf = new Map(fields.map((f) => [f.key, f.tag]));
  const schema = settingsFormSchema(keys, (k) => byKey.get(k)?.value ?? '');
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema),
    // An enumeration never stored shows (and saves) its first choice, the original's default.
    defaultValues: Object.fromEntries(
      fields.map((f) => {
        const v = byKey.get(f.key)?.value ?? '';
        const first = f.kind === 'select' || f.kind === 'radio' ? f.options?.[0]?.[0] : f.fallback;
        return [f.key, v === '' && first !== undefined ? first : v];
      }),
    ),
  });
  const submit = form.handleSubmit(async (values) => {
    const res = await run(settingsSet, {
      data: keys.map((key) => ({
        key,
        value: values[key] ?? '',
        tag: byKey.get(key)?.tag ?? tagOf.get(key) ?? 'default',
      })),
    });
    if (res) toast.success(s.saved, { duration: 1000 });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <section data-testid={testId}>
      <Heading>{title}</Heading>
      <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
        {fields.map((f) => {
          const value = form.watch(f.key) ?? '';
          const set = (v: string) => form.setValue(f.key, v, { shouldDirty: true, shouldValidate: true });
          return (
            <label key={f.key} className={`admin-field admin-field--${f.kind}`}>
              <span>{f.label}</span>
              {f.kind === 'bool' ? (
                <input
                  type="checkbox"
                  role="switch"
                  className="admin-switch"
                  name={f.key}
                  checked={value === '1'}
                  onChange={(e) => set(e.target.checked ? '1' : '0')}
                />
              ) : f.kind === 'select' ? (
                <select name={f.key} value={value} onChange={(e) => set(e.target.value)}>
                  {(f.options ?? []).map(([v, label]) => (
                    <option key={v} value={v}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : f.kind === 'radio' || f.kind === 'checks' ? (
                <Choices field={f} value={value} onChange={set} />
              ) : f.kind === 'picture' ? (
                <span className="admin-picture">
                  {value && <img src={value} alt="" />}
                  <input type="text" {...form.register(f.key)} />
                  {value && (
                    <Button
                      size="small"
                      data-testid={`remove-${f.key}`}
                      onClick={() =>
                        void run(settingsLogoDelete, { type: f.key as LogoType }).then((r) => {
                          if (r) {
                            set('');
                            toast.success(s.deleted, { duration: 1000 });
                          }
                        })
                      }
                    >
                      {s.delete}
                    </Button>
                  )}
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
                            set(url);
                            toast.success(s.saved, { duration: 1000 });
                          }
                        });
                    }}
                  />
                </span>
              ) : f.kind === 'password' ? (
                // A stored secret reads back as ****** (the mask saved back keeps it).
                <input type="password" autoComplete="new-password" {...form.register(f.key)} />
              ) : f.kind === 'textarea' ? (
                <textarea rows={f.rows ?? 4} {...form.register(f.key)} />
              ) : (
                <input type={f.kind === 'number' ? 'number' : 'text'} {...form.register(f.key)} />
              )}
              {f.hint && (
                <small className="admin-hint" data-testid={`hint-${f.key}`}>
                  {f.hint}
                </small>
              )}
              {errors[f.key] && (
                <em className="admin-error" role="alert" data-testid={`error-${f.key}`}>
                  {errors[f.key]?.message}
                </em>
              )}
            </label>
          );
        })}
        <Button kind="primary" type="submit" loading={isSubmitting} data-testid="settings-save">
          {s.save}
        </Button>
      </form>
    </section>
  );
}

/**
 * Radio buttons (one value) or checkboxes (several, stored comma-separated in the options' order) for an
 * enumerated setting, each saying what it means.
 */
function Choices({ field, value, onChange }: { field: Field; value: string; onChange: (v: string) => void }) {
  const many = field.kind === 'checks';
  const picked = new Set(value.split(',').filter((v) => v !== ''));
  return (
    <span className="admin-choices" role={many ? 'group' : 'radiogroup'} aria-label={field.label}>
      {(field.options ?? []).map(([v, label]) => (
        <label key={v} className="admin-choice">
          <input
            type={many ? 'checkbox' : 'radio'}
            name={field.key}
            value={v}
            checked={many ? picked.has(v) : value === v}
            onChange={(e) => {
              if (!many) return onChange(v);
              const next = new Set(picked);
              if (e.target.checked) next.add(v);
              else next.delete(v);
              onChange(
                (field.options ?? [])
                  .map(([o]) => o)
                  .filter((o) => next.has(o))
                  .join(','),
              );
            }}
          />
          {label}
        </label>
      ))}
    </span>
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
        { key: 'header_logo', label: m.site.headerLogo, kind: 'picture' },
        { key: 'favicon', label: s.site.favicon, kind: 'picture' },
        { key: 'background_image', label: m.site.background, kind: 'picture' },
        { key: 'site_record', label: s.site.record, kind: 'text' },
        { key: 'site_record_code', label: m.site.recordCode, kind: 'text' },
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
        {
          key: 'password_strength',
          label: m.agreements.passwordStrength,
          kind: 'checks',
          options: Object.entries(m.agreements.strengths),
        },
        { key: 'open_ext_fields', label: s.register.extFields, kind: 'bool' },
        { key: 'thread_post_interval', label: s.register.postInterval, kind: 'number' },
        { key: 'register', label: m.agreements.register, kind: 'bool' },
        { key: 'register_content', label: m.agreements.registerContent, kind: 'textarea', rows: 8 },
        { key: 'privacy', label: m.agreements.privacy, kind: 'bool' },
        { key: 'privacy_content', label: m.agreements.privacyContent, kind: 'textarea', rows: 8 },
      ]}
    />
  );
}

/** Functions (issue 10 §2): which content types may be posted, how views are counted, the home tab. */
export function FunctionSettings() {
  return (
    <SettingsForm
      title={m.menu.functions}
      testId="admin-functions"
      fields={[
        ...(Object.keys(m.functions.block) as Array<keyof typeof m.functions.block>).map((key) => ({
          key,
          label: `${m.functions.blocks}: ${m.functions.block[key]}`,
          kind: 'bool' as const,
        })),
        { key: 'open_view_count', label: m.functions.viewCount, kind: 'bool' },
        { key: 'user_profile_public', label: m.functions.publicProfiles, kind: 'bool' },
        {
          key: 'thread_tab',
          label: m.functions.threadTab,
          kind: 'select',
          options: Object.entries(m.functions.tabs),
        },
      ]}
    />
  );
}

/** Attachments (issue 10 §2): allowed types, the size cap, daily downloads per member. */
export function AttachmentSettings() {
  return (
    <SettingsForm
      title={m.menu.attachments}
      testId="admin-attachments"
      fields={[
        { key: 'support_img_ext', label: m.attachments.imageExt, kind: 'text' },
        { key: 'support_file_ext', label: m.attachments.fileExt, kind: 'text' },
        { key: 'support_max_size', label: m.attachments.maxSize, kind: 'number' },
        { key: 'support_max_download_num', label: m.attachments.downloads, kind: 'number' },
      ]}
    />
  );
}
