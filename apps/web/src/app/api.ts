import type { ApiClient, CallResult } from '@forum/api-client';
import type { CallContract, CallInput, CallOutput } from '@forum/contracts';
import type * as contracts from '@forum/contracts';
import type { Lang } from '../i18n/i18n.ts';
import type { Platform } from './platform.ts';
import { CSRF_COOKIE, readCookie, UID_STORAGE_KEY } from './session.ts';
import { safeLocalStorage } from './storage.ts';

/** Window event fired when the server no longer accepts this browser's login. */
export const SESSION_ENDED_EVENT = 'forum:session-ended';

/** Colour themes (spec §3). */
export type Theme = 'light' | 'dark';
/** Cookie holding the chosen theme so the server renders it without a flash. */
export const THEME_COOKIE = 'forum_theme';

/** What the server hands to route loaders for one request (absent in the browser). */
export interface ServerContext {
  api: ApiClient;
  platform: Platform;
  lang: Lang;
  theme: Theme;
  /** Scheme and host the visitor used, for absolute links such as the QR code. */
  origin: string;
  /** A render shared by a member's whole group: the API answers as "a member", the overlay adds the person. */
  shared?: boolean;
}

let browserApi: Promise<ApiClient> | undefined;

/**
 * The browser's dispatcher: real fetch with credentials and the CSRF double-submit header. Loaded on first use so
 * the validation library stays out of the first-load bundle (the first page's data arrives with the HTML).
 */
export function getBrowserApi(): Promise<ApiClient> {
  browserApi ??= import('@forum/api-client').then(({ createApiClient }) =>
    createApiClient({
      fetch: (url, init) => fetch(url, init),
      timeoutMs: 30000,
      csrfToken: () => readCookie(document.cookie, CSRF_COOKIE),
      // The page's language, so server messages and notifications match it even before a language is chosen.
      headers: () => ({ 'accept-language': document.documentElement.lang === 'en' ? 'en' : 'zh-CN' }),
      // Logged out elsewhere (password change, ban, another browser's logout, a lapsed session): the server's
      // reply cleared the cookie, the call is repeated as a guest, and the page frame is told to catch up.
      onInvalidToken: () => {
        safeLocalStorage()?.removeItem(UID_STORAGE_KEY);
        window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      },
    }),
  );
  return browserApi;
}

type Contracts = typeof contracts;
/** The names of the call contracts (`'postsUpdate'`, `'threadViewCount'`, …). */
export type CallName = {
  [K in keyof Contracts]: Contracts[K] extends CallContract ? K : never;
}[keyof Contracts];

/**
 * A call contract by name, loaded with the others on first use: a page that names its calls instead of importing
 * them does not load zod and the contracts before its first call (they come with the dispatcher anyway).
 */
export async function contractNamed<N extends CallName>(name: N): Promise<Contracts[N]> {
  return (await import('@forum/contracts'))[name];
}

/** The browser's dispatcher running a call given by name; the envelope as `ApiClient.call` answers it. */
export async function callNamed<N extends CallName>(
  name: N,
  input: CallInput<Contracts[N]>,
): Promise<CallResult<CallOutput<Contracts[N]>>> {
  const [api, contract] = await Promise.all([getBrowserApi(), contractNamed(name)]);
  return api.call(contract as CallContract, input as never) as Promise<CallResult<CallOutput<Contracts[N]>>>;
}

/** The dispatcher for a loader: the server's in-process one during SSR, the browser's otherwise. */
export function apiFrom(context: unknown): Promise<ApiClient> {
  const api = (context as Partial<ServerContext> | undefined)?.api;
  return api ? Promise.resolve(api) : getBrowserApi();
}

/** Server context when rendering on the server, undefined in the browser. */
export function serverContext(context: unknown): ServerContext | undefined {
  const c = context as Partial<ServerContext> | undefined;
  return c?.api ? (c as ServerContext) : undefined;
}

/** Sets a readable preference cookie for a year (language, theme). */
export function setPreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}
