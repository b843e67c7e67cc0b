import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { sendToLogin } from '../app/send-to-login.ts';
import { useSite } from '../app/site-context.tsx';

/** For pages that need login: a guest sees "Please log in first!" and goes to `/user/login`, returning here after. */
export function useRequireLogin(enabled = true): boolean {
  const { isLogin } = useSite();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (enabled && !isLogin) {
      sendToLogin(t('login.pleaseLogin'), location.pathname + location.search, (to) => {
        void navigate(to, { replace: true });
      });
    }
  }, [enabled, isLogin, t, navigate, location.pathname, location.search]);
  return isLogin;
}
