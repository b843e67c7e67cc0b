import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** The two UI languages; zh is the default. */
export type Lang = 'zh' | 'en';

/** The cookie the web and admin apps keep the member's chosen language in. */
export const LANG_COOKIE = 'forum_lang';

/**
 * The reader's language: the language the member chose on the site (its cookie) wins, so replies and
 * notifications match the page around them; else Accept-Language; else Chinese.
 */
export function langOf(req: FastifyRequest): Lang {
  const chosen = req.cookies?.[LANG_COOKIE];
  if (chosen === 'en' || chosen === 'zh') return chosen;
  return /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh';
}

const LANG_COOKIE_VALUE = /(?:^|;\s*)forum_lang=([^;]*)/;

/**
 * {@link langOf} from the raw headers, before Fastify has parsed the cookies (the fast path); null when the
 * cookie holds something the parser might read differently (quoted, encoded): the route then decides.
 */
export function langOfHeaders(headers: IncomingHttpHeaders): Lang | null {
  const cookie = headers.cookie;
  const chosen = cookie?.includes('forum_lang=') ? LANG_COOKIE_VALUE.exec(cookie)?.[1] : undefined;
  if (chosen === 'en' || chosen === 'zh') return chosen;
  if (chosen !== undefined) return null;
  return /^en/i.test(headers['accept-language'] ?? '') ? 'en' : 'zh';
}

/** Picks a message in the reply language. */
export function pick(lang: Lang, m: { zh: string; en: string }): string {
  return m[lang];
}
