import { TextField, type TextFieldProps } from '@forum/ui';
import { useTranslation } from '../../i18n/use-translation.tsx';

/** What a page still says about a shared account field: its value, and anything it does differently. */
type AccountFieldProps = Omit<TextFieldProps, 'label'> & { label?: string };

/**
 * Username as the account forms take it: the registration rules (at most 15 characters, no spaces) are
 * applied while typing, so registration and install cannot drift apart; login lifts the length cap.
 */
export function UsernameField(props: AccountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.username')}
      name="username"
      trim
      maxLength={15}
      placeholder={t('login.usernamePlaceholder')}
      autoComplete="username"
      required
      {...props}
    />
  );
}

/** A password: the page says whether it is the current one or a new one, for password managers. */
export function PasswordField({
  autoComplete,
  ...props
}: AccountFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.password')}
      name="password"
      type="password"
      placeholder={t('login.passwordPlaceholder')}
      autoComplete={autoComplete}
      required
      {...props}
    />
  );
}

/** Nickname, with the same typing rules as the username (optional at registration, required later). */
export function NicknameField(props: AccountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('register.nickname')}
      name="nickname"
      trim
      maxLength={15}
      autoComplete="nickname"
      {...props}
    />
  );
}
