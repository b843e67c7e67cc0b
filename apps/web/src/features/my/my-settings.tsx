import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { CurrentUser } from '@forum/contracts';
import { Avatar, Button, TextField, toast } from '@forum/ui';
import { postMultipart } from '../../shared/post-multipart.ts';
import { useSite } from '../../app/site-context.tsx';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { act } from '../threads/thread-call.ts';
import { AvatarCropper } from './avatar-cropper.tsx';
import { EmailSection } from './email-section.tsx';
import { SecuritySection } from './security-section.tsx';

/** Longest signature (contracts `SIGNATURE_MAX`; a value import would pull the validators into this chunk). */
const SIGNATURE_MAX = 140;

/** Sends the cropped avatar as multipart. */
function uploadAvatar(png: Blob): Promise<CurrentUser | null> {
  const form = new FormData();
  form.append('avatar', png, 'avatar.png');
  return postMultipart<CurrentUser>('/api/v3/users/avatar', form);
}

/** `/my/edit`: avatar (with crop), nickname, signature, password, language and theme. */
export function MySettings() {
  const { t } = useTranslation();
  const { forum, lang, theme, setLang, setTheme, platform } = useSite();
  const { revalidate } = useRevalidator();
  const me = forum.user!;
  const [nickname, setNickname] = useState(me.nickname);
  const [signature, setSignature] = useState(me.signature);
  const [pw, setPw] = useState({ password: '', newPassword: '', passwordConfirmation: '' });
  const [pwError, setPwError] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'profile' | 'password' | 'avatar' | null>(null);

  const saveProfile = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('profile');
    const { updateUser } = await import('@forum/contracts');
    const res = await act(updateUser, { nickname: nickname.trim(), signature });
    setBusy(null);
    if (res) {
      toast.success(t('my.saved'), { duration: 1000 });
      void revalidate();
    }
  };

  const savePassword = async (e: FormEvent) => {
    e.preventDefault();
    if (pw.newPassword !== pw.passwordConfirmation) return setPwError(t('my.passwordMismatch'));
    setPwError('');
    setBusy('password');
    const { updateUser } = await import('@forum/contracts');
    const res = await act(updateUser, {
      ...(me.hasPassword ? { password: pw.password } : {}),
      newPassword: pw.newPassword,
      passwordConfirmation: pw.passwordConfirmation,
    });
    setBusy(null);
    if (res) {
      setPw({ password: '', newPassword: '', passwordConfirmation: '' });
      toast.success(t('my.passwordChanged'));
    }
  };

  const saveAvatar = async (png: Blob) => {
    setBusy('avatar');
    const res = await uploadAvatar(png);
    setBusy(null);
    if (res) {
      setFile(null);
      toast.success(t('my.saved'), { duration: 1000 });
      void revalidate();
    }
  };

  return (
    <div className={`my-settings my-settings--${platform}`} data-testid="my-settings">
      <section className="my-settings__section">
        <h2 className="my-settings__title">{t('my.profile')}</h2>
        <div className="my-settings__avatar">
          <Avatar image={me.avatarUrl} name={me.nickname || me.username} size="big" circle />
          <label className="ui-button ui-button--default ui-button--small">
            {t('my.changeAvatar')}
            <input
              type="file"
              accept="image/*"
              hidden
              data-testid="avatar-input"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        {file && (
          <AvatarCropper
            file={file}
            busy={busy === 'avatar'}
            onCancel={() => setFile(null)}
            onDone={(b) => void saveAvatar(b)}
          />
        )}
        <form className="my-settings__form" onSubmit={(e) => void saveProfile(e)}>
          <TextField
            label={t('my.nickname')}
            name="nickname"
            value={nickname}
            maxLength={15}
            onChange={(v) => setNickname(v)}
          />
          <label className="ui-field">
            <span className="ui-field__label">{t('my.signature')}</span>
            <textarea
              className="my-settings__textarea"
              name="signature"
              value={signature}
              maxLength={SIGNATURE_MAX}
              rows={3}
              placeholder={t('my.signaturePlaceholder')}
              onChange={(e) => setSignature(e.target.value)}
            />
            <span className="muted my-settings__count">
              {signature.length}/{SIGNATURE_MAX}
            </span>
          </label>
          <Button kind="primary" type="submit" loading={busy === 'profile'} data-testid="profile-save">
            {t('my.save')}
          </Button>
        </form>
      </section>

      <section className="my-settings__section">
        <h2 className="my-settings__title">{t('my.password')}</h2>
        <form className="my-settings__form" onSubmit={(e) => void savePassword(e)}>
          {me.hasPassword && (
            <TextField
              label={t('my.currentPassword')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={pw.password}
              onChange={(v) => setPw({ ...pw, password: v })}
            />
          )}
          <TextField
            label={t('my.newPassword')}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            value={pw.newPassword}
            onChange={(v) => setPw({ ...pw, newPassword: v })}
          />
          <TextField
            label={t('my.confirmPassword')}
            type="password"
            name="passwordConfirmation"
            autoComplete="new-password"
            value={pw.passwordConfirmation}
            error={pwError || undefined}
            onChange={(v) => setPw({ ...pw, passwordConfirmation: v })}
          />
          <Button
            kind="primary"
            type="submit"
            loading={busy === 'password'}
            disabled={!pw.newPassword}
            data-testid="password-save"
          >
            {t('my.changePassword')}
          </Button>
        </form>
      </section>

      <SecuritySection />

      {forum.passport.mailOpen && <EmailSection />}

      <section className="my-settings__section">
        <h2 className="my-settings__title">{t('my.preferences')}</h2>
        <div className="my-settings__prefs">
          <span>{t('my.language')}</span>
          <Button size="small" kind={lang === 'zh' ? 'primary' : 'default'} onClick={() => setLang('zh')}>
            中文
          </Button>
          <Button size="small" kind={lang === 'en' ? 'primary' : 'default'} onClick={() => setLang('en')}>
            English
          </Button>
        </div>
        <div className="my-settings__prefs">
          <span>{t('my.theme')}</span>
          <Button
            size="small"
            kind={theme === 'light' ? 'primary' : 'default'}
            onClick={() => setTheme('light')}
          >
            {t('my.themeLight')}
          </Button>
          <Button
            size="small"
            kind={theme === 'dark' ? 'primary' : 'default'}
            onClick={() => setTheme('dark')}
          >
            {t('my.themeDark')}
          </Button>
        </div>
      </section>
    </div>
  );
}
