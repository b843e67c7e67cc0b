import type { Actor } from '../auth/actor.js';
import type { FastifyRequest } from 'fastify';

/** Who a page is rendered for: every guest alike, every member of one group alike, or this person only. */
export type PageViewer =
  /** `staleLogin`: the request carried a token that no longer holds (revoked, expired, garbage). */
  | { kind: 'guest'; staleLogin?: boolean }
  | { kind: 'group'; groupId: number; isAdmin: boolean }
  | { kind: 'personal' };

const MOBILE_UA = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;

/**
 * Pages whose data is the same for every member of a group; the few per-viewer facts (the header's user, likes,
 * favourites, own-content abilities) arrive as the viewer overlay. Lists that depend on the viewer (the
 * followed tab) and pages that write or edit are always rendered for the person.
 */
const GROUP_PAGES = /^\/(?:|thread\/\d+|topic|topic\/\d+|search)$/;

/** True when a member's request for this URL may be answered with their group's shared render. */
export function isGroupPage(url: string): boolean {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!GROUP_PAGES.test(pathname)) return false;
  return !/[?&]tab=following(?:&|$)/.test(url);
}

function cookie(header: string, name: string): string {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  return m ? m[1]! : '';
}

/**
 * What a shared page depends on besides the URL and the viewer class: phone or not, the language (header and
 * cookie) and the theme cookie. Other cookies (the login token, analytics) do not change the render.
 */
export function pageKey(req: FastifyRequest, viewer: PageViewer): string | null {
  if (viewer.kind === 'personal') return null;
  const c = req.headers.cookie ?? '';
  const who = viewer.kind === 'guest' ? 'guest' : `g${viewer.groupId}${viewer.isAdmin ? 'a' : ''}`;
  const mobile = MOBILE_UA.test(req.headers['user-agent'] ?? '') ? 'h5' : 'pc';
  const lang = (req.headers['accept-language'] ?? '').slice(0, 5);
  return `page|${who}|${mobile}|${lang}|${cookie(c, 'forum_lang')}|${cookie(c, 'forum_theme')}|${req.url}`;
}

/** The request's cookies without the login token: a group render must not act as the person who asked. */
export function withoutLogin(header: string | undefined): string {
  return (header ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('access_token=') && !p.startsWith('refresh_token='))
    .join('; ');
}

/** A reason a member's pages must be rendered for them alone (say, their own content the group cannot see). */
export type PersonalPageRule = (actor: Actor & { userId: number }) => Promise<boolean>;

/**
 * What makes a member's pages their own: features add rules (threads: own threads awaiting approval or in a
 * category the group cannot see, own replies awaiting approval), since a group render would leave those out.
 */
export class PersonalPageRules {
  private readonly rules: PersonalPageRule[] = [];

  /** Adds a rule; any rule that holds makes the member's pages personal. */
  add(rule: PersonalPageRule): void {
    this.rules.push(rule);
  }

  /** Whether any rule holds for this member. */
  async holdFor(actor: Actor & { userId: number }): Promise<boolean> {
    for (const rule of this.rules) if (await rule(actor)) return true;
    return false;
  }
}
