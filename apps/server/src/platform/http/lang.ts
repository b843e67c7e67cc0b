import type { FastifyRequest } from 'fastify';

/** The two UI languages; zh is the default. */
export type Lang = 'zh' | 'en';

/** Reads the reply language from Accept-Language. */
export function langOf(req: FastifyRequest): Lang {
  return /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh';
}

/** Picks a message in the reply language. */
export function pick(lang: Lang, m: { zh: string; en: string }): string {
  return m[lang];
}
