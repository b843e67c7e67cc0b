import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LANG_SYNC_COOKIE, PREFERENCE_PATH } from '@forum/contracts';
import { ACCESS_COOKIE } from '../auth/tokens.js';
import { invalid } from '../http/errors.js';
import { LANG_COOKIE } from '../http/lang.js';

const THEME_COOKIE = 'forum_theme';
const YEAR_S = 365 * 24 * 3600;

const query = z.object({
  lang: z.enum(['zh', 'en']).optional(),
  theme: z.enum(['light', 'dark']).optional(),
  to: z.string().max(2000).optional(),
});

/** Back to a page of this site only: a path, never `//host` or `/\host` (no open redirect). */
function localPath(to: string | undefined): string {
  return to && /^\/(?![/\\])/.test(to) ? to : '/';
}

/**
 * `GET /preference?lang=en&to=/thread/1` (or `theme=dark`): the footer's switches are links to here, so a click
 * made before the page's script has taken over still switches (after it, the script does it in place). Sets the
 * cookies the script would set and sends the reader back. A GET changes nothing stored: a signed-in reader's
 * email language follows through the script's own checked call, which the one-shot cookie asks for.
 */
export function registerPreferenceLink(app: FastifyInstance): void {
  app.get(PREFERENCE_PATH, async (req, reply) => {
    const parsed = query.safeParse(req.query);
    if (!parsed.success) throw invalid('lang must be zh or en, theme light or dark');
    const { lang, theme, to } = parsed.data;
    // Readable by the page's script, as the cookies it sets itself.
    const cookie = { path: '/', sameSite: 'lax' as const, httpOnly: false, maxAge: YEAR_S };
    if (lang) reply.setCookie(LANG_COOKIE, lang, cookie);
    if (theme) reply.setCookie(THEME_COOKIE, theme, cookie);
    if (lang && req.cookies?.[ACCESS_COOKIE])
      reply.setCookie(LANG_SYNC_COOKIE, '1', { ...cookie, maxAge: 600 });
    return reply.header('cache-control', 'no-store').redirect(localPath(to), 303);
  });
}
