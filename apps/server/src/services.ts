import type { Gate } from './platform/access/gate.js';
import type { Bus } from './platform/cache/bus.js';
import type { GuestCache } from './platform/cache/guest-cache.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/db.js';
import type { PersonalPageRules } from './platform/web/page-key.js';
import type { PageOverlays } from './platform/web/page-overlay.js';
import type { FastPages } from './platform/web/fast-pages.js';
import type { Metrics } from './platform/metrics/metrics.js';
import type { Jobs } from './platform/jobs/index.js';
import type { AttachmentStorage } from './features/attachments/index.js';
import type { ForumService } from './features/forum/index.js';
import type { GroupsService } from './features/groups/index.js';
import type { InstallService } from './features/install/index.js';
import type { SettingsService } from './features/settings/index.js';
import type { UsersService } from './features/users/index.js';

/** Services a running app exposes to tests, the CLI and later features. */
export interface ForumServices {
  config: Config;
  database: Database;
  bus: Bus;
  /** Guests' shared replies; its generation counts writes, which other caches use to stay fresh. */
  guestCache: GuestCache;
  gate: Gate;
  settings: SettingsService;
  groups: GroupsService;
  users: UsersService;
  install: InstallService;
  forum: ForumService;
  /** The console SMS provider's record of sent codes (`SMS_PROVIDER=console`): a test and development hook. */
  smsOutbox?: { lastCode(mobile: string): string | undefined } | null;
  /** Where every uploaded file lives: `DATA_DIR/uploads`, or the object store (STORAGE_URL, COS settings). */
  storage: AttachmentStorage;
  /** Rules that make a member's pages their own rather than their group's (features add theirs). */
  personalPages: PersonalPageRules;
  /** Makes a member's viewer overlay for the page layer to splice into their group's page (threads provides). */
  pageOverlays: PageOverlays;
  /** The Prometheus registry, when METRICS_TOKEN or METRICS_PORT turned metrics on. */
  metrics: Metrics | null;
  /** Stored replies answered before Fastify (cached pages, the API's shared and kept replies). */
  fastPages: FastPages;
  /** The one job queue (pg-boss): send, work, schedule; see platform/jobs. */
  jobs: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    forum: ForumServices;
  }
}
