import type { Actor } from '../auth/actor.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../http/lang.js';

/** Who a page is rendered for: every guest alike, every member of one group alike, or this person only. */
export type PageViewer =
  /** `staleLogin`: the request carried a token that no longer holds (revoked, expired, garbage). */
  | { kind: 'guest'; staleLogin?: boolean }
  /** `member`: who asked (their overlay is spliced into the group's page). */
  | { kind: 'group'; groupId: number; isAdmin: boolean; member?: Actor & { userId: number } }
  | { kind: 'personal' };

/**
 * A viewer found from what is kept (pages' fast path), and a check that the finding still holds: the same
 * cached session, the same answer of the personal-page rules. A connection keeps it for its next requests.
 */
export interface HeldViewer {
  viewer: PageViewer;
  holds: () => boolean;
}

/** Anyone without a login token: a guest, for as long as they send none. */
export const GUEST_VIEWER: HeldViewer = { viewer: { kind: 'guest' }, holds: () => true };

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

/** The two cookies a shared page depends on, matched by patterns made once (pageKey runs on every page). */
const COOKIE_PATTERNS = {
  forum_lang: /(?:^|;\s*)forum_lang=([^;]*)/,
  forum_theme: /(?:^|;\s*)forum_theme=([^;]*)/,
};

function cookie(header: string, name: keyof typeof COOKIE_PATTERNS): string {
  if (!header) return '';
  const m = COOKIE_PATTERNS[name].exec(header);
  return m ? m[1]! : '';
}

/**
 * The language a page is drawn in: the member's chosen one (its cookie), else Chinese. Unlike the API's
 * `langOf`, never the browser's Accept-Language (the web app ignores it): a member's inline overlay must be in
 * the page's language.
 */
export function pageLang(headers: IncomingHttpHeaders): Lang {
  return cookie(headers.cookie ?? '', 'forum_lang') === 'en' ? 'en' : 'zh';
}

/**
 * What a shared page depends on besides the URL and the viewer class: phone or not, the language (header and
 * cookie) and the theme cookie. Other cookies (the login token, analytics) do not change the render.
 */
export function pageKey(
  req: Pick<FastifyRequest, 'url' | 'headers'> | { url: string; headers: IncomingHttpHeaders },
  viewer: PageViewer,
): string | null {
  const prefix = pageKeyPrefix(req.headers, viewer);
  return prefix === null ? null : prefix + req.url;
}

/**
 * {@link pageKey} without the URL: the same for every page asked with the same headers (a connection's pages'
 * fast path keeps it while they stay the same).
 */
export function pageKeyPrefix(headers: IncomingHttpHeaders, viewer: PageViewer): string | null {
  if (viewer.kind === 'personal') return null;
  const c = headers.cookie ?? '';
  const who = viewer.kind === 'guest' ? 'guest' : `g${viewer.groupId}${viewer.isAdmin ? 'a' : ''}`;
  const mobile = MOBILE_UA.test(headers['user-agent'] ?? '') ? 'h5' : 'pc';
  const lang = (headers['accept-language'] ?? '').slice(0, 5);
  return `page|${who}|${mobile}|${lang}|${cookie(c, 'forum_lang')}|${cookie(c, 'forum_theme')}|`;
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

/** The group an answer was given for (a number: the fast path compares it on every page, with no string made). */
const answerScope = (actor: Actor) => actor.groupId * 2 + (actor.isAdmin ? 1 : 0);

/**
 * What makes a member's pages their own: features add rules (threads: own threads awaiting approval or in a
 * category the group cannot see, own replies awaiting approval), since a group render would leave those out.
 */
export class PersonalPageRules {
  private readonly rules: PersonalPageRule[] = [];
  /** Answers per member, asked on every page they open: kept until the next write, a `forget`, or `ttlMs`. */
  private readonly answers = new Map<number, { gen: number; at: number; as: number; value: boolean }>();
  private forgets = 0;

  constructor(
    /** The write generation (guest cache): the rules read what only writes change (own pending content). */
    private readonly generation: () => number = () => 0,
    private readonly ttlMs = 10_000,
  ) {}

  /** Adds a rule; any rule that holds makes the member's pages personal. */
  add(rule: PersonalPageRule): void {
    this.rules.push(rule);
  }

  /** Whether any rule holds for this member. */
  async holdFor(actor: Actor & { userId: number }): Promise<boolean> {
    // The rules read the member's group too (which categories it sees): an answer holds for one group.
    const as = answerScope(actor);
    const gen = this.generation();
    const hit = this.answers.get(actor.userId);
    if (hit && hit.gen === gen && hit.as === as && Date.now() - hit.at < this.ttlMs) return hit.value;
    const forgets = this.forgets;
    let value = false;
    for (const rule of this.rules) if ((value = await rule(actor))) break;
    // Not kept when a write or a purchase came meanwhile: the answer may predate it.
    if (gen === this.generation() && forgets === this.forgets) {
      if (this.answers.size >= 20_000) this.answers.clear();
      this.answers.set(actor.userId, { gen, at: Date.now(), as, value });
    }
    return value;
  }

  /** The kept answer for this member, or undefined when there is none (no waiting: pages' fast path). */
  peek(actor: Actor & { userId: number }): boolean | undefined {
    const hit = this.answers.get(actor.userId);
    const fresh =
      hit &&
      hit.gen === this.generation() &&
      hit.as === answerScope(actor) &&
      Date.now() - hit.at < this.ttlMs;
    return fresh ? hit.value : undefined;
  }

  /** Drops a member's answer: something that changes it happened without a write (a purchase). */
  forget(userId: number): void {
    this.forgets += 1;
    this.answers.delete(userId);
  }
}
