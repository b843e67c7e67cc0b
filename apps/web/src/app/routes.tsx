import type { RouteObject } from 'react-router';
import { NOT_ENABLED_PATHS } from '../features/user/not-enabled-paths.ts';
import type { RouteHandle } from './head-manager.tsx';
import { RootLayout } from './root-layout.tsx';
import { rootLoader } from './root-loader.ts';
import { PageErrorBoundary, RootErrorBoundary } from './status-pages.tsx';
import { threadHead } from '../features/threads/thread-head.ts';
import { pluginPageHead } from '../plugins/plugin-page-head.ts';
import * as pluginPage from '../plugins/plugin-page.tsx';
import { addRouteNamespaces, type Namespace } from '../i18n/messages.ts';

/** Route handle plus the source module, so the server can preload the chunk of the matched page. */
export interface ForumRouteHandle extends RouteHandle {
  module?: string;
  /** Page strings the route needs; the server adds them before rendering, the browser while loading the chunk. */
  namespaces?: readonly Namespace[];
}

function page(
  path: string | undefined,
  module: string,
  load: () => Promise<Record<string, unknown>>,
  titleKey?: string,
  namespaces: readonly Namespace[] = [],
  head?: ForumRouteHandle['head'],
): RouteObject {
  const handle: ForumRouteHandle = { module, titleKey, head, namespaces };
  // The page's strings load in parallel with its chunk, so navigation costs no extra round trip. One promise per
  // route: the navigation hub loads a target's code (under the spec §9 timeout) before the router asks for it.
  let loading: Promise<Record<string, unknown>> | undefined;
  const lazy = () =>
    (loading ??= Promise.all([load(), addRouteNamespaces(namespaces)]).then(
      ([mod]) => mod,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // The boundary sits on the page, so a page's 404 or failure renders inside the frame (header, footer).
  const ErrorBoundary = PageErrorBoundary;
  return path === undefined
    ? { index: true, lazy, handle, ErrorBoundary }
    : { path, lazy, handle, ErrorBoundary };
}

const notEnabled = () => import('../features/user/not-enabled-page.tsx');
const loginPage = () => import('../features/user/login-page.tsx');
/** The phone pages (issue 13): path, module file, loader, title key. */
const PHONE_PAGES: Array<[string, string, () => Promise<Record<string, unknown>>, string]> = [
  [
    'user/phone-login',
    'phone-login-page',
    () => import('../features/user/phone-login-page.tsx'),
    'phone.loginTitle',
  ],
  [
    'user/bind-phone',
    'bind-phone-page',
    () => import('../features/user/bind-phone-page.tsx'),
    'phone.bindTitle',
  ],
  ['user/rebind', 'rebind-page', () => import('../features/user/rebind-page.tsx'), 'phone.rebindTitle'],
  [
    'user/reset-password',
    'reset-password-page',
    () => import('../features/user/reset-password-page.tsx'),
    'phone.resetTitle',
  ],
];

/** The WeChat pages (issue 13): path, module file; one module serves bind and rebind. */
const WECHAT_PAGES: Array<[string, string, () => Promise<Record<string, unknown>>, string]> = [
  ['user/wx-auth', 'wx-auth-page', () => import('../features/user/wx-auth-page.tsx'), 'wechat.authTitle'],
  [
    'user/wx-authorization',
    'wx-authorization-page',
    () => import('../features/user/wx-authorization-page.tsx'),
    'wechat.authTitle',
  ],
  [
    'user/wx-login',
    'wx-login-page',
    () => import('../features/user/wx-login-page.tsx'),
    'wechat.qrLoginTitle',
  ],
  [
    'user/wx-select',
    'wx-select-page',
    () => import('../features/user/wx-select-page.tsx'),
    'wechat.selectTitle',
  ],
  [
    'user/wx-bind-username',
    'wx-bind-username-page',
    () => import('../features/user/wx-bind-username-page.tsx'),
    'wechat.bindUsernameTitle',
  ],
  [
    'user/wx-bind-phone',
    'wx-bind-phone-page',
    () => import('../features/user/wx-bind-phone-page.tsx'),
    'wechat.bindPhoneTitle',
  ],
  [
    'user/wx-bind-qrcode',
    'wx-bind-qrcode-page',
    () => import('../features/user/wx-bind-qrcode-page.tsx'),
    'wechat.bindQrTitle',
  ],
  [
    'user/oidc-callback',
    'oidc-callback-page',
    () => import('../features/user/oidc-callback-page.tsx'),
    'wechat.oidcTitle',
  ],
  ['user/wx-bind', 'wx-bind-page', () => import('../features/user/wx-bind-page.tsx'), 'wechat.bindTitle'],
  [
    'user/wx-rebind-action',
    'wx-bind-page',
    () => import('../features/user/wx-bind-page.tsx'),
    'wechat.rebindTitle',
  ],
];

/** The route table of the site; later issues add their pages here. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // A change of search params alone should not refetch the site settings; explicit revalidation still does.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }) =>
      formMethod === undefined &&
      currentUrl.pathname === nextUrl.pathname &&
      currentUrl.search !== nextUrl.search
        ? false
        : defaultShouldRevalidate,
    children: [
      page(
        undefined,
        'src/features/home/home-page.tsx',
        () => import('../features/home/home-page.tsx'),
        'home.title',
        ['people'],
      ),
      page('user/login', 'src/features/user/login-page.tsx', loginPage, 'login.title', [
        'account',
        'phone',
        'security',
        'wechat',
      ]),
      page('user/username-login', 'src/features/user/login-page.tsx', loginPage, 'login.usernameTitle', [
        'account',
        'phone',
        'security',
        'wechat',
      ]),
      ...PHONE_PAGES.map(([path, file, load, title]) =>
        page(path, `src/features/user/${file}.tsx`, load, title, ['account', 'phone', 'security', 'email']),
      ),
      // Email links: confirm an address, stop notification email (no login needed for either).
      page(
        'user/verify-email',
        'src/features/user/verify-email-page.tsx',
        () => import('../features/user/verify-email-page.tsx'),
        'email.verifyTitle',
        ['account', 'email'],
      ),
      page(
        'user/unsubscribe',
        'src/features/user/unsubscribe-page.tsx',
        () => import('../features/user/unsubscribe-page.tsx'),
        'email.unsubscribeTitle',
        ['account', 'email'],
      ),
      ...WECHAT_PAGES.map(([path, file, load, title]) =>
        page(path, `src/features/user/${file}.tsx`, load, title, ['account', 'phone', 'security', 'wechat']),
      ),
      page(
        'user/register',
        'src/features/user/register-page.tsx',
        () => import('../features/user/register-page.tsx'),
        'register.title',
        ['account', 'phone'],
      ),
      page(
        'user/agreement',
        'src/features/user/agreement-page.tsx',
        () => import('../features/user/agreement-page.tsx'),
        'agreement.title',
        ['account'],
      ),
      page(
        'user/status',
        'src/features/user/status-page.tsx',
        () => import('../features/user/status-page.tsx'),
        'status.title',
        ['account'],
      ),
      page(
        'user/supplementary',
        'src/features/user/supplementary-page.tsx',
        () => import('../features/user/supplementary-page.tsx'),
        'supplementary.title',
        ['account'],
      ),
      page(
        'user/bind-nickname',
        'src/features/user/bind-nickname-page.tsx',
        () => import('../features/user/bind-nickname-page.tsx'),
        'bindNickname.title',
        ['account'],
      ),
      page(
        'install',
        'src/features/install/install-page.tsx',
        () => import('../features/install/install-page.tsx'),
        'install.title',
        ['account'],
      ),
      ...NOT_ENABLED_PATHS.map((p) =>
        page(p, 'src/features/user/not-enabled-page.tsx', notEnabled, 'notEnabled.title', ['account']),
      ),
      page(
        'user/:id',
        'src/features/people/profile-page.tsx',
        () => import('../features/people/profile-page.tsx'),
        'placeholder.user',
        ['people', 'threads'],
      ),
      // issue 12: paid site, paid groups and invites
      page(
        'forum/partner-invite',
        'src/features/paid-site/partner-invite-page.tsx',
        () => import('../features/paid-site/partner-invite-page.tsx'),
        'membership.joinTitle',
        ['membership', 'wallet'],
      ),
      page(
        'join',
        'src/features/paid-site/partner-invite-page.tsx',
        () => import('../features/paid-site/partner-invite-page.tsx'),
        'membership.joinTitle',
        ['membership', 'wallet'],
      ),
      page(
        'my/renew',
        'src/features/paid-site/partner-invite-page.tsx',
        () => import('../features/paid-site/partner-invite-page.tsx'),
        'membership.joinTitle',
        ['membership', 'wallet'],
      ),
      page(
        'my/upgrade',
        'src/features/paid-site/upgrade-page.tsx',
        () => import('../features/paid-site/upgrade-page.tsx'),
        'membership.upgradeTitle',
        ['membership', 'wallet'],
      ),
      page(
        'invite',
        'src/features/paid-site/invite-page.tsx',
        () => import('../features/paid-site/invite-page.tsx'),
        'membership.inviteTitle',
        ['membership'],
      ),
      page(
        'my/*',
        'src/features/my/my-page.tsx',
        () => import('../features/my/my-page.tsx'),
        'placeholder.my',
        ['my', 'people', 'threads', 'paid', 'security', 'wechat', 'email'],
      ),
      // issue 12: the wallet pages and the pay dialog's host page
      page(
        'wallet',
        'src/features/wallet/wallet-page.tsx',
        () => import('../features/wallet/wallet-page.tsx'),
        'wallet.title',
        ['wallet'],
      ),
      page(
        'wallet/recharge',
        'src/features/wallet/recharge-page.tsx',
        () => import('../features/wallet/recharge-page.tsx'),
        'wallet.rechargeTitle',
        ['wallet'],
      ),
      page(
        'wallet/pay-password',
        'src/features/wallet/pay-password-page.tsx',
        () => import('../features/wallet/pay-password-page.tsx'),
        'wallet.pwTitle',
        ['wallet'],
      ),
      page(
        'wallet/pay',
        'src/features/wallet/pay-page.tsx',
        () => import('../features/wallet/pay-page.tsx'),
        'wallet.payTitle',
        ['wallet'],
      ),
      page(
        'message',
        'src/features/message/message-page.tsx',
        () => import('../features/message/message-page.tsx'),
        'placeholder.message',
        ['message', 'notifications', 'people'],
      ),
      page(
        'wallet/withdrawal',
        'src/features/cash/withdrawal-page.tsx',
        () => import('../features/cash/withdrawal-page.tsx'),
        'cash.title',
        ['cash'],
      ),
      page(
        'thread/post',
        'src/features/editor/editor-page.tsx',
        () => import('../features/editor/editor-page.tsx'),
        'editor.title',
        ['threads', 'editor', 'paid', 'redpackets', 'wallet'],
      ),
      page(
        'thread/:id',
        'src/features/threads/thread-page.tsx',
        () => import('../features/threads/thread-page.tsx'),
        'thread.title',
        ['threads', 'people', 'paid', 'redpackets', 'wallet'],
        threadHead,
      ),
      page(
        'topic',
        'src/features/topics/topic-list-page.tsx',
        () => import('../features/topics/topic-list-page.tsx'),
        'topic.listTitle',
        ['threads', 'people'],
      ),
      page(
        'topic/:id',
        'src/features/topics/topic-page.tsx',
        () => import('../features/topics/topic-page.tsx'),
        'topic.title',
        ['threads', 'people'],
      ),
      page(
        'category/:id',
        'src/features/topics/category-redirect.tsx',
        () => import('../features/topics/category-redirect.tsx'),
      ),
      page(
        'search',
        'src/features/search/search-page.tsx',
        () => import('../features/search/search-page.tsx'),
        'search.title',
        ['threads', 'search', 'people'],
      ),
      // Not lazy: the page is a slot host whose code the entry already carries (a split chunk cost 3 KB gzip).
      {
        path: 'plugin/*',
        loader: pluginPage.loader,
        Component: pluginPage.Component,
        handle: { head: pluginPageHead } satisfies ForumRouteHandle,
      },
      page(
        '*',
        'src/features/not-found-page.tsx',
        () => import('../features/not-found-page.tsx'),
        'notFound.title',
      ),
    ],
  },
];
