import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { ToastHost } from '@forum/ui';
import { PcHeader } from '../layouts/pc-header.tsx';
import { H5Header } from '../layouts/h5-header.tsx';
import { Footer } from '../layouts/footer.tsx';
import type { Lang } from '../i18n/i18n.ts';
import { LANG_COOKIE } from '../i18n/i18n.ts';
import { getBrowserApi, setPreferenceCookie, THEME_COOKIE, type Theme } from './api.ts';
import { safeLocalStorage, safeSessionStorage } from './storage.ts';
import { HeadManager } from './head-manager.tsx';
import { RETURN_KEY } from './login-return.ts';
import { usePlatformSwitch } from './platform-switch.ts';
import type { RootData } from './root-loader.ts';
import { checkStorageConsistency, isLoggedIn, readCookie, UID_COOKIE, UID_STORAGE_KEY } from './session.ts';
import { SiteContext, type SiteState } from './site-context.tsx';

/** The frame of every page: header for the platform, the page, the footer, the toast host. */
export function RootLayout() {
  const data = useLoaderData() as RootData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { i18n } = useTranslation();
  const [platform, setPlatform] = useState(data.platform);
  const [theme, setThemeState] = useState<Theme>(data.theme);
  usePlatformSwitch(platform, setPlatform);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    document.documentElement.dataset.theme = next;
    setPreferenceCookie(THEME_COOKIE, next);
  }, []);
  const setLang = useCallback(
    (next: Lang) => {
      void i18n.changeLanguage(next);
      document.documentElement.lang = next === 'en' ? 'en' : 'zh-CN';
      setPreferenceCookie(LANG_COOKIE, next);
    },
    [i18n],
  );

  // Spec §4 logout: end the server session (it clears the token, uid and csrf cookies), forget local state, go home.
  const logout = useCallback(async () => {
    const [api, { logout: logoutCall }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    await api.call(logoutCall, {});
    safeLocalStorage()?.removeItem(UID_STORAGE_KEY);
    safeSessionStorage()?.removeItem(RETURN_KEY);
    await navigate('/', { replace: true });
    await revalidate();
  }, [navigate, revalidate]);

  // Spec §4 storage consistency: the uid marker must be in both the cookie and local storage, or in neither.
  useEffect(() => {
    const check = checkStorageConsistency(
      readCookie(document.cookie, UID_COOKIE),
      safeLocalStorage()?.getItem(UID_STORAGE_KEY),
    );
    if (check === 'mismatch') void logout();
    // A marker for browser tests and diagnostics: the client took over the server-rendered page.
    document.documentElement.dataset.hydrated = '1';
    // Checked once per page load, like the original header's mount check.
  }, []);

  const site: SiteState = useMemo(
    () => ({
      forum: data.forum,
      platform,
      theme,
      lang: i18n.language === 'en' ? 'en' : 'zh',
      origin: data.origin,
      isLogin: isLoggedIn(data.forum.user),
      unread: 0,
      setTheme,
      setLang,
      logout,
    }),
    [data.forum, data.origin, platform, theme, i18n.language, setTheme, setLang, logout],
  );

  return (
    <SiteContext.Provider value={site}>
      <HeadManager site={data.forum.setSite} />
      <div className={`app app--${platform}`} data-testid="app" data-platform={platform}>
        {platform === 'pc' ? <PcHeader /> : <H5Header />}
        <main className={`app__main app__main--${platform}`}>
          <Outlet />
        </main>
        <Footer variant={platform} />
      </div>
      <ToastHost />
    </SiteContext.Provider>
  );
}
