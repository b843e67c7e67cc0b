import type { InFlight } from './inflight.js';
import { Code, type CallContract, type CallOutput, type CallParsed } from '@forum/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { CSRF_COOKIE } from '../auth/tokens.js';
import { clearSessionCookies } from '../auth/cookies.js';
import { AppError } from './errors.js';
import {
  RawJson,
  sendOk,
  sendOkSerialized,
  sendKeptGzip,
  sendKept,
  sendSpliced,
  sendStored,
  SplicedJson,
  storedJson,
  storeReply,
  type StoredReply,
} from './envelope.js';
import { langOf, type Lang } from './lang.js';
import { absoluteMediaUrls, fromOriginalClient } from './original-clients.js';
import type { GuestCache } from '../cache/guest-cache.js';
import { MemberReplies } from '../cache/member-replies.js';
import { accepts } from './stored-body.js';
import { fastReplies, type FastRoute, type PeekActor } from './fast-replies.js';

/** Route classes for rate limits. */
export type RateClass = 'read' | 'write' | 'auth';

/** Per-route options; defaults suit an ordinary logged-in-or-guest call. */
export interface RouteOptions {
  /** 'required' answers -3001 to guests before the handler runs. */
  auth?: 'optional' | 'required';
  /** Account-status gate: 'enforce' blocks every non-normal status, 'allowPending' lets pending users through. */
  status?: 'enforce' | 'allowPending' | 'skip';
  /** Served even when the site is closed (login, forum, install). */
  siteClosedExempt?: boolean;
  /**
   * Served to unpaid users in pay mode (the money issue uses this); a function decides per request (`thread.list`
   * is served only for its paid-site preview scope).
   */
  payExempt?: boolean | ((req: FastifyRequest) => boolean);
  rateClass?: RateClass;
  /** GET only: guests' replies come from the guest cache (same for every guest; cleared by any write). */
  guestCache?: boolean;
  /**
   * GET only, and implies `guestCache`: the reply depends on the actor only through their group (its
   * permissions) and admin flag, never on who they are, so members of one group share it the same way.
   */
  groupCache?: boolean;
  /** Writes clear the guest cache unless they change nothing a guest sees (login, view counts, uploads). */
  keepsGuestCache?: boolean;
  /**
   * GET only, for calls whose reply changes only by writes: a member's reply (spliced from their group's shared
   * parts and their marks, `SplicedJson`, or their own) is kept gzip for that member until the next write or
   * ten seconds (MemberReplies), and their repeat reads are answered before Fastify (fast-replies.ts).
   */
  memberCache?: boolean;
  /** Administrators only: anyone else, guests included, gets -4002 before the input is read; writes are logged. */
  admin?: boolean;
  /**
   * The reply as the original Discuz! Q clients read it (their marked calls only, original-clients.ts): given
   * a copy of ours, after the shared caches, so both kinds of client share one cache entry.
   */
  original?: (data: unknown, ctx: OriginalContext) => unknown;
}

/** What a reshaping for the original clients may look at. */
export interface OriginalContext {
  actor: Actor;
  req: FastifyRequest;
  /** The site's public origin (`https://example.com`), for URLs inside HTML. */
  origin: string;
  /** The call's parsed input. */
  input: unknown;
}

/** Records one successful administrator write (the admin action log). */
export type AdminAudit = (entry: { actor: Actor; path: string; input: unknown; ip: string }) => Promise<void>;

/** What a handler receives besides its parsed input. */
export interface HandlerContext {
  actor: Actor;
  /** The reader's language: the site's language cookie, else Accept-Language, else Chinese. */
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A check run before every handler (site closed, pay mode); supplied by features at build time. */
export type Guard = (actor: Actor, options: RouteOptions, req: FastifyRequest) => void | Promise<void>;

/** What the router needs from the app: how to find the actor, and the guards. */
export interface RouterKit {
  resolveActor(req: FastifyRequest): Promise<Actor>;
  guards: Guard[];
  validateResponses: boolean;
  /** Every contract mounted on this app: the OpenAPI document is built from it. */
  contracts: CallContract[];
  /** Shared replies for guests' reads; cleared after every successful write. */
  guestCache?: GuestCache;
  /** Handlers still running, drained before shutdown closes the database. */
  inflight?: InFlight;
  /** Where administrators' writes are logged (the admin feature installs it). */
  audit?: { record?: AdminAudit };
  /** The site's public origin: media URLs sent to the original clients are made absolute on it. */
  siteOrigin?: (req: FastifyRequest) => string;
  /** The actor from what is kept, without waiting: stored replies are then answered before Fastify. */
  peekActor?: PeekActor;
  /** Request headers that always send a call to its route (see `fast-replies.ts`). */
  routeOnlyHeaders?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateClass?: RateClass;
  }
}

/** The account-status gate in one place (reference §1.1): banned, pending, rejected, ignored, missing fields. */
export function checkStatus(actor: Actor, mode: RouteOptions['status']): void {
  if (mode === 'skip' || actor.isGuest || actor.isAdmin) return;
  switch (actor.status) {
    case 0:
      return;
    case 1:
      throw new AppError(Code.USER_BAN, actor.statusReason, { banReason: actor.statusReason });
    case 2:
      if (mode === 'allowPending') return;
      throw new AppError(Code.JUMP_TO_AUDIT);
    case 3:
      throw new AppError(Code.VALIDATE_REJECT, actor.statusReason, { rejectReason: actor.statusReason });
    case 4:
      throw new AppError(Code.VALIDATE_IGNORE);
    case 10:
      if (mode === 'allowPending') return;
      throw new AppError(Code.JUMP_TO_SIGIN_FIELDS);
  }
}

/** Cookie-authenticated writes must echo the CSRF cookie in a header and not come cross-site. */
function checkCsrf(actor: Actor, req: FastifyRequest): void {
  if (actor.via !== 'cookie' || req.method === 'GET' || req.method === 'HEAD') return;
  const header = req.headers['x-csrf-token'];
  const cookie = req.cookies?.[CSRF_COOKIE];
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || !cookie || header !== cookie) {
    throw new AppError(Code.UNAUTHORIZED, 'CSRF token missing or invalid', null, 403);
  }
}

/** Merged query and body (the body wins), as the original reads input. */
function mergedInput(req: FastifyRequest): Record<string, unknown> {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) return { ...q, ...(b as Record<string, unknown>) };
  return q;
}

/** A lone surrogate (JSON can carry one; UTF-8 cannot): `LONE_SURROGATES` replaces them all. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/**
 * Makes the input's text storable: false for a NUL (PostgreSQL cannot store one in text: refused up front
 * rather than failing deep in a query); a lone surrogate becomes U+FFFD in place, as a UTF-8 encoder makes it
 * (a JSON parameter would carry it as an escape PostgreSQL refuses).
 */
function storableText(v: unknown, depth = 0): boolean {
  if (depth > 8 || v === null || typeof v !== 'object') return true;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x !== 'string') {
      if (!storableText(x, depth + 1)) return false;
    } else if (x.includes('\u0000')) return false;
    else if (LONE_SURROGATE.test(x)) o[k] = x.replace(LONE_SURROGATES, '\ufffd');
  }
  return true;
}

/** A thin way to mount a contract: validate, find the actor, run guards, call the handler, send the envelope. */
export function createRouter(app: FastifyInstance, kit: RouterKit) {
  const computing = new Map<string, Promise<StoredReply>>();
  const memberReplies = kit.guestCache ? new MemberReplies(() => kit.guestCache!.current()) : null;
  // Mounted GET routes whose replies are stored: their hits are answered before Fastify (fast-replies.ts).
  const fastRoutes = new Map<string, FastRoute>();
  const fastReply =
    kit.guestCache && kit.peekActor
      ? fastReplies({
          cache: kit.guestCache,
          members: memberReplies,
          peekActor: kit.peekActor,
          routes: fastRoutes,
          skipHeaders: kit.routeOnlyHeaders ?? [],
        })
      : null;
  /** The request handler of a contract: everything `route` mounts, without mounting it. */
  function handlerFor<C extends CallContract>(
    contract: C,
    options: RouteOptions,
    handler: (input: CallParsed<C>, ctx: HandlerContext) => Promise<CallOutput<C> | RawJson>,
  ) {
    kit.contracts.push(contract);
    const rateClass: RateClass = options.rateClass ?? (contract.method === 'GET' ? 'read' : 'write');
    const methods = contract.method === 'GET' ? (['GET'] as const) : ([contract.method] as const);
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const actor = await kit.resolveActor(req).catch((err: unknown) => {
        // A dead cookie would fail every page load: clear it so the browser falls back to guest.
        if (err instanceof AppError && err.code === Code.INVALID_TOKEN) clearSessionCookies(reply);
        throw err;
      });
      checkCsrf(actor, req);
      if (options.admin && !actor.isAdmin) throw new AppError(Code.UNAUTHORIZED);
      if (options.auth === 'required' && actor.isGuest) throw new AppError(Code.JUMP_TO_LOGIN);
      for (const guard of kit.guards) await guard(actor, options, req);
      checkStatus(actor, options.status ?? 'enforce');
      // The original clients' replies are reshaped from a copy of ours at the last moment (after the caches).
      const original = fromOriginalClient(req);
      const sendOriginal = async (json: string) => {
        const origin = kit.siteOrigin?.(req) ?? `${req.protocol}://${req.host}`;
        let data: unknown = JSON.parse(json);
        if (options.original) {
          const input: unknown = contract.input.parse(mergedInput(req));
          data = await options.original(data, { actor, req, origin, input });
        }
        return sendOk(req, reply, absoluteMediaUrls(data, origin) ?? null);
      };
      const cache = kit.guestCache;
      const shared = actor.isGuest ? options.guestCache || options.groupCache : options.groupCache;
      const cacheable = !!cache && shared === true && req.method === 'GET';
      // Guests keep their plain key; members' keys start with their group, which fixes what they may see. The
      // host is part of it: some replies name the address asked (absolute URLs when no site URL is set), and a
      // request with a made-up Host must not fill the cache for everyone else.
      const sharer = actor.isGuest ? '' : `g${actor.groupId}${actor.isAdmin ? 'a' : ''}:`;
      const cacheKey = cacheable ? `${sharer}${langOf(req)}:${req.host}${req.url}` : '';
      if (cacheable) {
        const hit = cache.get(cacheKey, 'api') as StoredReply | undefined;
        if (hit !== undefined) return original ? sendOriginal(storedJson(hit)) : sendStored(req, reply, hit);
      }
      // A member's own spliced reply, kept gzip for them (only readers taking gzip get it kept). The original
      // clients' replies are reshaped from our JSON text instead: they never use the kept gzip.
      const memberKey =
        memberReplies &&
        options.memberCache &&
        !original &&
        req.method === 'GET' &&
        actor.userId != null &&
        accepts(req.headers['accept-encoding'], 'gzip')
          ? MemberReplies.key(
              actor.userId,
              `g${actor.groupId}${actor.isAdmin ? 'a' : ''}:${langOf(req)}:${req.host}${req.url}`,
            )
          : '';
      if (memberKey) {
        const kept = memberReplies!.get(memberKey);
        if (kept) return sendKept(req, reply, kept);
      }
      const generation = cache?.current() ?? 0;
      const raw = mergedInput(req);
      if (!storableText(raw))
        throw new AppError(Code.INVALID_PARAMETER, 'text cannot contain NUL characters');
      const input = contract.input.parse(raw) as CallParsed<C>;
      if (cacheable) {
        // Concurrent misses of one shared reply (right after a write cleared it) compute it once.
        let pending = computing.get(cacheKey);
        if (!pending) {
          pending = (async () => {
            const result = await handler(input, { actor, lang: langOf(req), req, reply });
            const data: unknown = result instanceof RawJson ? JSON.parse(result.json) : result;
            if (kit.validateResponses) contract.output.parse(data);
            // Stored as the reply's bytes, envelope and all, compressed once (gzip and brotli): every hit
            // sends them as they are, with its request id and time appended (envelope.ts, stored-body.ts).
            const stored = await storeReply(req, { json: JSON.stringify(data ?? null) });
            cache.set(cacheKey, stored, generation, stored.body.bytes);
            return stored;
          })().finally(() => computing.delete(cacheKey));
          computing.set(cacheKey, pending);
        }
        const stored = await pending;
        return original ? sendOriginal(storedJson(stored)) : sendStored(req, reply, stored);
      }
      const data = await handler(input, { actor, lang: langOf(req), req, reply });
      if (reply.sent) return reply;
      if (kit.validateResponses)
        contract.output.parse(data instanceof RawJson ? JSON.parse(data.json) : data);
      if (cache && req.method !== 'GET' && !options.keepsGuestCache) await cache.clear();
      // A write that keeps the shared caches (an avatar, an order) may still change the writer's own replies.
      else if (req.method !== 'GET' && actor.userId != null) memberReplies?.dropUser(actor.userId);
      if (options.admin && req.method !== 'GET' && kit.audit?.record) {
        await kit.audit.record({ actor, path: req.url.split('?')[0]!, input, ip: req.ip });
      }
      if (original) return sendOriginal(data instanceof RawJson ? data.json : JSON.stringify(data ?? null));
      if (data instanceof SplicedJson)
        return sendSpliced(
          req,
          reply,
          data,
          memberKey ? (open) => memberReplies!.set(memberKey, open, generation) : undefined,
        );
      // Any other member's reply of such a call (their own thread on a list page, a thread with their marks):
      // compressed once and kept too.
      if (memberKey)
        return sendKeptGzip(
          req,
          reply,
          data instanceof RawJson ? data : { json: JSON.stringify(data ?? null) },
          (open) => memberReplies!.set(memberKey, open, generation),
        );
      return data instanceof RawJson ? sendOkSerialized(req, reply, data) : sendOk(req, reply, data ?? null);
    };
    const run = (req: FastifyRequest, reply: FastifyReply) =>
      kit.inflight ? kit.inflight.run(() => handle(req, reply)) : handle(req, reply);
    return { run, rateClass, methods };
  }

  function route<C extends CallContract>(
    contract: C,
    options: RouteOptions,
    handler: (input: CallParsed<C>, ctx: HandlerContext) => Promise<CallOutput<C> | RawJson>,
  ): void {
    const { run, rateClass, methods } = handlerFor(contract, options, handler);
    const stored =
      contract.method === 'GET' && (options.guestCache || options.groupCache || options.memberCache);
    for (const url of [contract.path, ...(contract.aliases ?? [])]) {
      app.route({ method: [...methods], url, config: { rateClass }, handler: run });
      if (stored) {
        const groups = !!options.groupCache;
        fastRoutes.set(url, {
          shared: { guests: groups || !!options.guestCache, groups },
          kept: !!options.memberCache,
        });
      }
    }
  }
  // Calls added while the server runs (a plugin installed at runtime) cannot be mounted on Fastify any more:
  // their owner dispatches to `handlerFor` handlers from one catch-all route mounted at start. `fastReply` is
  // the lookup the HTTP server tries before Fastify (null when nothing is cached).
  return Object.assign(route, { handlerFor, fastReply });
}

/** The route function handed to each feature's routes file. */
export type Route = ReturnType<typeof createRouter>;
