import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRevalidator,
} from 'react-router';
import type { ViewerOverlayData } from '@forum/contracts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { ToastHost } from '@forum/ui';
import { PcHeader } from '../layouts/pc-header.tsx';
import { H5Header } from '../layouts/h5-header.tsx';
import { H5Tabbar, showsTabbar } from '../layouts/h5-tabbar.tsx';
import { Footer } from '../layouts/footer.tsx';
import type { Lang } from '../i18n/i18n.ts';
import { LANG_COOKIE, LANG_SYNC_COOKIE } from '../i18n/i18n.ts';
import {
  callNamed,
  getBrowserApi,
  SESSION_ENDED_EVENT,
  setPreferenceCookie,
  THEME_COOKIE,
  type Theme,
} from './api.ts';
import { safeLocalStorage, safeSessionStorage } from './storage.ts';
import { HeadManager } from './head-manager.tsx';
import { RETURN_KEY } from './login-return.ts';
import { usePlatformSwitch } from './platform-switch.ts';
import type { RootData } from './root-loader.ts';
import { checkStorageConsistency, isLoggedIn, readCookie, UID_COOKIE, UID_STORAGE_KEY } from './session.ts';
import { SiteContext, type SiteState } from './site-context.tsx';
import { OverlayContext, pageOverlay, type OverlayState } from './overlay.ts';
import { startRealtime, stopRealtime, useUnreadCounts } from './realtime.ts';
import { pluginRegistry } from '../plugins/installed-plugins.ts';
import { PluginHost } from '../plugins/plugin-host.tsx';
import { PluginSlot } from '../plugins/plugin-slot.tsx';
import { usePayModeRedirect } from '../features/paid-site/pay-mode-redirect.ts';

// useLayoutEffect warns when React renders on the server; effects never run there anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The frame of every page: header for the platform, the page, the footer, the toast host. */
export function RootLayout() {
  const data = useLoaderData() as RootData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const { i18n } = useTranslation();
  const [platform, setPlatform] = useState(data.platform);
  const [theme, setThemeState] = useState<Theme>(data.theme);
  usePlatformSwitch(platform, setPlatform);
  const overlayState = useViewerOverlay(data);
  const { overlay } = overlayState;
  const pending = data.viewer === 'group' && !overlay;
  const forum = useMemo(
    () => (data.viewer === 'group' && overlay ? { ...data.forum, user: overlay.user } : data.forum),
    [data.forum, data.viewer, overlay],
  );
  // A paid site sends unpaid visitors to its join page (a group render waits for the viewer first).
  usePayModeRedirect(forum, pending);

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
      // A member's emails are written in the language they read the site in.
      if (readCookie(document.cookie, UID_COOKIE)) void callNamed('userLangSet', { lang: next });
    },
    [i18n],
  );

  // Spec §4 logout: end the server session (it clears the token, uid and csrf cookies), forget local state, go home.
  const logout = useCallback(async () => {
    const [api, { logout: logoutCall }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
    await api.call(logoutCall, {});
    safeLocalStorage()?.removeItem(UID_STORAGE_KEY);
    safeSessionStorage()?.removeItem(RETURN_KEY);
    // Reload the site state first, then go home: a revalidation started while the navigation home waits for
    // its page's code (plugins' navigation events hold it) would cancel that navigation.
    await revalidate();
    await navigate('/', { replace: true });
  }, [navigate, revalidate]);

  // Spec §4 storage consistency: the uid marker must be in both the cookie and local storage, or in neither.
  useEffect(() => {
    const check = checkStorageConsistency(
      readCookie(document.cookie, UID_COOKIE),
      safeLocalStorage()?.getItem(UID_STORAGE_KEY),
    );
    if (check === 'mismatch') void logout();
    // The footer's language link was followed before this script took over (the server's /preference): a
    // signed-in reader's email language follows, through the same checked call as a switch made here.
    if (readCookie(document.cookie, LANG_SYNC_COOKIE)) {
      document.cookie = `${LANG_SYNC_COOKIE}=; path=/; max-age=0`;
      const lang = readCookie(document.cookie, LANG_COOKIE);
      if (readCookie(document.cookie, UID_COOKIE) && (lang === 'zh' || lang === 'en'))
        void callNamed('userLangSet', { lang });
    }
    // A marker for browser tests and diagnostics: the client took over the server-rendered page.
    document.documentElement.dataset.hydrated = '1';
    // Checked once per page load, like the original header's mount check.
  }, []);

  // A login that died while the page was open (see getBrowserApi): once no navigation is under way, reload the
  // site state so the header and abilities are a guest's (a revalidation during a navigation would cancel it).
  const navigation = useNavigation();
  const [sessionEnded, setSessionEnded] = useState(false);
  useEffect(() => {
    const onEnded = () => setSessionEnded(true);
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, []);
  useEffect(() => {
    if (navigation.state !== 'idle') return;
    // Any reply may have cleared the dead cookie first (a plugin's or the overlay's own fetch), so the dispatcher
    // then never sees -4011: the uid marker left only in local storage tells the same story.
    const stored = safeLocalStorage()?.getItem(UID_STORAGE_KEY);
    const cookieGone = !!stored && !readCookie(document.cookie, UID_COOKIE);
    if (!sessionEnded && !cookieGone) return;
    if (cookieGone) safeLocalStorage()?.removeItem(UID_STORAGE_KEY);
    setSessionEnded(false);
    void revalidate();
  }, [sessionEnded, navigation.state, revalidate]);

  // A member's tab keeps one realtime channel (badge counts, messages, notifications); a guest's none.
  const member = !pending && isLoggedIn(forum.user);
  useEffect(() => {
    if (member) startRealtime();
    else stopRealtime();
  }, [member]);
  const unread = useUnreadCounts()?.totalUnread ?? 0;

  const site: SiteState = useMemo(
    () => ({
      forum,
      platform,
      theme,
      lang: i18n.language === 'en' ? 'en' : 'zh',
      origin: data.origin,
      isLogin: pending || isLoggedIn(forum.user),
      viewerPending: pending,
      unread: member ? unread : 0,
      setTheme,
      setLang,
      logout,
    }),
    [forum, pending, member, unread, data.origin, platform, theme, i18n.language, setTheme, setLang, logout],
  );

  // The header plugin's search box goes where the core one does (spec §2 desktop header).
  const handleSearch = useCallback(
    (keyword: string) => void navigate(`/search?keyword=${encodeURIComponent(keyword.trim())}`),
    [navigate],
  );

  const tabbar = platform === 'h5' && showsTabbar(location.pathname, location.search);
  return (
    <OverlayContext.Provider value={overlayState}>
      <SiteContext.Provider value={site}>
        <HeadManager site={data.forum.setSite} />
        <PluginHost
          registry={pluginRegistry}
          platform={platform}
          setSite={forum.setSite}
          lang={site.lang}
          user={forum.user}
          viewerPending={pending}
          pluginStates={forum.plugins}
          runtimePlugins={forum.runtimePlugins}
        >
          <div
            className={`app app--${platform}${tabbar ? ' app--tabbar' : ''}`}
            data-testid="app"
            data-platform={platform}
          >
            <PluginSlot
              target="plugin_global"
              hook="header_replace_hook"
              message={{ totalUnread: site.unread }}
              onSearch={handleSearch}
            >
              {platform === 'pc' ? <PcHeader /> : <H5Header />}
            </PluginSlot>
            <main className={`app__main app__main--${platform}`}>
              <Outlet />
            </main>
            <PluginSlot target="plugin_global" hook="footer_replace_hook">
              <Footer variant={platform} />
            </PluginSlot>
            {tabbar && <H5Tabbar />}
          </div>
        </PluginHost>
        <ToastHost />
      </SiteContext.Provider>
    </OverlayContext.Provider>
  );
}

/**
 * A page rendered for the viewer's whole group becomes theirs here: the overlay the server put at its end (or,
 * failing that, asked for now) is laid over the page's data right after hydration, and the personal parts (hidden until then, so nothing
 * wrong ever shows) appear. A failed overlay leaves the group's view, which is never more than they may see.
 */
function useViewerOverlay(data: RootData): OverlayState {
  const matches = useMatches();
  const [initial] = useState(
    () =>
      new WeakSet<object>(
        matches.map((m) => m.data).filter((d): d is object => typeof d === 'object' && d !== null),
      ),
  );
  const [overlay, setOverlay] = useState<ViewerOverlayData | null>(null);
  useEffect(() => {
    if (data.viewer !== 'group') return;
    let live = true;
    void pageOverlay().then((res) => {
      if (live) setOverlay(res?.Code === 0 && res.Data ? res.Data : { user: null, threads: [], posts: [] });
    });
    return () => {
      live = false;
    };
    // Once per page load: later data comes from the viewer's own requests.
  }, []);
  useBrowserLayoutEffect(() => {
    if (overlay) document.documentElement.dataset.viewer = 'ready';
  }, [overlay]);
  return useMemo(() => ({ overlay, initial }), [overlay, initial]);
}
