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

/** Picks a message in the reply language. */
export function pick(lang: Lang, m: { zh: string; en: string }): string {
  return m[lang];
}
