import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import qs from 'qs';
import type { Redis } from 'ioredis';
import { Code, GroupId, type CallContract } from '@forum/contracts';
import { Gate } from './platform/access/gate.js';
import type { Actor } from './platform/auth/actor.js';
import { tokenFromHeaders, tokenFromRequest } from './platform/auth/tokens.js';
import { memoryBus, redisBus, type Bus } from './platform/cache/bus.js';
import { GuestCache } from './platform/cache/guest-cache.js';
import { InFlight } from './platform/http/inflight.js';
import type { Config } from './platform/config.js';
import { openDatabase } from './platform/db/db.js';
import { RETRY_AFTER_SECONDS, type DatabaseAvailability } from './platform/db/availability.js';
import { runMigrations } from './platform/db/migrate.js';
import { installErrorHandling } from './platform/http/error-handler.js';
import { AppError } from './platform/http/errors.js';
import { rewriteOriginalClientUrl } from './platform/http/original-clients.js';
import { buildOpenApi } from './platform/http/openapi.js';
import { installRateLimit } from './platform/http/rate-limit.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { createRouter, type AdminAudit, type Guard } from './platform/http/router.js';
import { loggerOptions } from './platform/logger.js';
import { untrackedJobs } from './platform/metrics/job-recorder.js';
import { Jobs } from './platform/jobs/index.js';
import { installMetrics } from './platform/metrics/metrics.plugin.js';
import { registerWebPages } from './platform/web/web.plugin.js';
import { registerAdminApp } from './platform/web/admin.plugin.js';
import {
  GUEST_VIEWER,
  isGroupPage,
  PersonalPageRules,
  type HeldViewer,
  type PageViewer,
} from './platform/web/page-key.js';
import { PageOverlays } from './platform/web/page-overlay.js';
import { FastPages } from './platform/web/fast-pages.js';
import { ConfiguredStorage, LocalStorage } from './features/attachments/index.js';
import { ForumService } from './features/forum/index.js';
import { GroupsService } from './features/groups/index.js';
import { InstallService } from './features/install/index.js';
import { payModeGuard } from './features/paid-site/index.js';
import { SettingsService } from './features/settings/index.js';
import { UsersService, countUsers } from './features/users/index.js';
import { mountFeatures } from './features.js';

import { VERSION } from './version.js';
import { siteOrigin } from './platform/http/site-origin.js';
export { VERSION };

/** Marks an in-process read made for a group render (see `viewAs` below). */
const VIEW_AS_HEADER = 'x-forum-view-as';

/** Builds the whole server: database, migrations, bootstrap, API, docs and (optionally) the SSR site. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  // Cached guest pages are answered before Fastify once the web layer is mounted (fast-pages.ts).
  const fastPages = new FastPages();
  const app = Fastify({
    serverFactory: (handler, options) => fastPages.server(handler, options),
    logger: loggerOptions(config),
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TRUST_PROXY === '1',
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    rewriteUrl: rewriteOriginalClientUrl,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      // The spec's query-string limits: depth 5, array limit 20, parameter limit 1000.
      querystringParser: (s: string) =>
        qs.parse(s, { depth: 5, arrayLimit: 20, parameterLimit: 1000 }) as Record<string, unknown>,
    },
  });
  // The database is opened below; until then no handler runs that could meet it.
  const opened: { availability?: DatabaseAvailability } = {};
  installErrorHandling(app, () => opened.availability);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) {
      // A served attachment is bytes, not data: the browser may keep it for an hour, but only for this viewer
      // (access depends on who asks), and the route's own CSP (img/media from self, sandbox) stays.
      const ok = req.method === 'GET' && reply.statusCode === 200;
      const file = ok && req.url.startsWith('/api/v3/attachments/');
      // Avatars and site pictures get a new name with every upload, and everyone may see them: cached for good.
      const avatar =
        ok && (req.url.startsWith('/api/v3/users/avatar/') || req.url.startsWith('/api/v3/site-files/'));
      // API replies are data, never documents: nothing in them may load or run, and nothing is cached.
      reply.header(
        'cache-control',
        avatar ? 'public, max-age=31536000, immutable' : file ? 'private, max-age=3600' : 'no-store',
      );
      if (!(file || avatar) || !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      }
    }
  });

  const database = await openDatabase(config, (level, message) => app.log[level](message));
  opened.availability = database.availability;
  let redis: Redis | null = null;
  let bus: Bus;
  try {
    bus = config.redisUrl ? await redisBus(config.redisUrl, config.busNamespace) : memoryBus();
    if (config.redisUrl) {
      const { Redis } = await import('ioredis');
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  const inflight = new InFlight();
  // Filled once metrics are known (below); stopped before the pool closes, so running handlers can finish.
  const jobsRef: { jobs?: Jobs } = {};
  app.addHook('onClose', async () => {
    await jobsRef.jobs?.stop();
    await inflight.close();
    await bus.close();
    if (redis) await redis.quit().catch(() => {});
    await database.close();
  });

  const settings = new SettingsService(database.db, bus);
  const groups = new GroupsService(database.db, bus);
  const guestCache = new GuestCache(bus);
  // Before any route: its timing hook applies to the routes registered after it.
  const metrics = await installMetrics(app, config, database, guestCache);
  const jobs = new Jobs(database, config.jobs, metrics ?? untrackedJobs, app.log);
  jobsRef.jobs = jobs;
  metrics?.watchJobs(() => jobs.failedCounts());
  fastPages.observe(metrics, app.log);
  settings.onChange(() => guestCache.clearLocal());
  groups.onChange(() => guestCache.clearLocal());
  // One storage for every uploaded file; it follows the admin's COS switch unless STORAGE_URL fixes it.
  const storage = new ConfiguredStorage(
    new LocalStorage(path.join(config.dataDir, 'uploads')),
    config.storage,
    settings,
  );
  app.addHook('onClose', async () => storage.close());
  const install = new InstallService(database.db, settings);
  await runMigrations(database, () => install.bootstrap());
  await Promise.all([settings.start(), groups.start()]);

  const gate = new Gate();
  const users = new UsersService(database.db, settings, groups, bus);
  const forum = new ForumService(
    settings,
    gate,
    VERSION,
    (actor) => users.currentUser(actor),
    () => guestCache.current(),
  );
  forum.addCounter(async () => ({ users: await countUsers(database.db) }));
  const personalPages = new PersonalPageRules(() => guestCache.current());
  const pageOverlays = new PageOverlays();
  app.decorate('forum', {
    config,
    database,
    bus,
    guestCache,
    gate,
    settings,
    groups,
    users,
    install,
    forum,
    storage,
    personalPages,
    pageOverlays,
    fastPages,
    metrics,
    jobs,
  });

  await app.register(import('@fastify/cookie'));
  // helmet's defaults as a fixed list; the page CSP is set by the web layer (hashes, the statistics snippet).
  installSecurityHeaders(app);
  await installRateLimit(app, config.rateLimit, redis, config.busNamespace);

  // Group renders of pages call the API in-process as "a member of group G, nobody in particular". Only this
  // process knows the secret, and only reads honour it, so no client can ask to be someone's group.
  const viewAsSecret = randomBytes(24).toString('base64url');
  const viewAs = (groupId: number) => ({ [VIEW_AS_HEADER]: `${viewAsSecret}:${groupId}` });
  // The free-experience group sees its own old threads beyond its window: its lists are personal.
  const sharesGroupPages = (actor: Actor) =>
    actor.userId != null && actor.status === 0 && actor.groupId !== GroupId.TRIAL;
  const viewerOf = async (req: FastifyRequest): Promise<PageViewer> => {
    const t = tokenFromRequest(req);
    if (!t) return { kind: 'guest' };
    let actor: Actor | null;
    try {
      actor = await users.resolveActor(t.token, t.via);
    } catch (err) {
      // A token that no longer holds (logged out elsewhere, password changed, banned, lapsed) must not lock the
      // visitor out of every page: they are a guest now, and the page reply clears the dead cookie.
      if (err instanceof AppError && err.code === Code.INVALID_TOKEN)
        return { kind: 'guest', staleLogin: true };
      actor = null;
    }
    if (!actor || !sharesGroupPages(actor)) return { kind: 'personal' };
    const member = { ...actor, userId: actor.userId! };
    if (!isGroupPage(req.url) || (await personalPages.holdFor(member))) return { kind: 'personal' };
    return { kind: 'group', groupId: actor.groupId, isAdmin: actor.isAdmin, member };
  };
  // The same decision from what is kept (the session, the rules' answer), without waiting: pages' fast path.
  // Null when something is not at hand, or for anyone whose pages are their own; the route then decides. The
  // answer comes with a check that it still holds, so a connection can keep it for its next pages (the URL
  // decides the rest: whether a group page at all).
  const peekViewer = (headers: IncomingHttpHeaders): HeldViewer | null => {
    const t = tokenFromHeaders(headers);
    if (t === null) return GUEST_VIEWER;
    const held = t && users.peekHeldActor(t.token, t.via);
    if (!held || !sharesGroupPages(held.actor)) return null;
    const member = { ...held.actor, userId: held.actor.userId! };
    if (personalPages.peek(member) !== false) return null;
    return {
      viewer: { kind: 'group', groupId: member.groupId, isAdmin: member.isAdmin, member },
      holds: () => held.holds() && personalPages.peek(member) === false,
    };
  };

  const contracts: CallContract[] = [];
  // Filled by the admin feature: every administrator write lands in its action log.
  const adminAudit: { record?: AdminAudit } = {};
  // Checks run before every handler; features may add theirs when mounted (two-factor for administrators).
  const guards: Guard[] = [forum.siteClosedGuard, payModeGuard(settings)];
  const route = createRouter(app, {
    resolveActor: (req) => {
      const viewAsValue = req.headers[VIEW_AS_HEADER];
      if (typeof viewAsValue === 'string' && req.method === 'GET') {
        const [secret, group] = viewAsValue.split(':');
        if (secret === viewAsSecret) return Promise.resolve(users.groupActor(Number(group)));
      }
      const t = tokenFromRequest(req);
      return users.resolveActor(t?.token ?? null, t?.via ?? 'none');
    },
    guards,
    validateResponses: config.validateResponses,
    contracts,
    guestCache,
    inflight,
    audit: adminAudit,
    siteOrigin: siteOrigin(settings, config.publicUrl),
    peekActor: (headers) => {
      const t = tokenFromHeaders(headers);
      if (t === null) return 'guest';
      return (t && users.peekActor(t.token, t.via)) || null;
    },
    routeOnlyHeaders: [VIEW_AS_HEADER],
  });
  if (route.fastReply) fastPages.use(route.fastReply);
  await mountFeatures({ ...app.forum, app, route, adminAudit, guards });
  // Every feature has registered its workers and schedules: create the queues, start working.
  await jobs.start();

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Readiness asks the database itself: 503 (with Retry-After) while it is out of reach, so a balancer looks away.
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.exec('SELECT 1');
      database.availability.markUp();
      return { status: 'ready' };
    } catch (err) {
      if (!database.availability.seen(err)) database.availability.markDown((err as Error).message);
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' });
    }
  });

  // The OpenAPI document (thousands of small objects, marked at every full collection for a page few open) is
  // built by the first request for the docs. The swagger plugins keep this object, filled in place then.
  const document: Record<string, unknown> = {};
  const documented = () => {
    if (!('openapi' in document)) Object.assign(document, buildOpenApi(contracts, VERSION));
    return document;
  };
  app.get('/api/docs/openapi.json', async () => documented());
  await app.register(import('@fastify/swagger'), {
    mode: 'static',
    specification: { document: document as never },
  });
  await app.register(async (docs) => {
    docs.addHook('onRequest', async () => void documented());
    await docs.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });
  });

  await registerWebPages(app, {
    mode: config.web,
    guestCache,
    viewerOf,
    viewAs,
    overlays: pageOverlays,
    fastPages,
    peekViewer,
    unavailable: () => (database.availability.up ? null : RETRY_AFTER_SECONDS),
  });
  // The admin app is a static build: served wherever the site's pages are built (production, browser tests).
  if (config.web === 'prod') await registerAdminApp(app);
  return app;
}
