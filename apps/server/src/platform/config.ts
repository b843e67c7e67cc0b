import path from 'node:path';
import { parseStorageUrl, type ObjectStoreTarget } from './storage-url.js';

/** Server configuration, read once from the environment with defaults. */
/** The job queue's settings (JOBS_WORK, JOBS_POLL_SECONDS). */
export interface JobsConfig {
  /** Whether this process runs jobs; CLI commands only send them. */
  work: boolean;
  /** How often an idle queue looks for work (a send from this process wakes it at once). */
  pollSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Name each query so connections plan it once (off behind PgBouncer in transaction mode before 1.21). */
  databasePrepare: boolean;
  redisUrl: string | undefined;
  /**
   * Names this forum's messages on a shared Redis: instances of one forum share it, two forums on one Redis
   * (or two test servers, each on its own database) never hear each other. Defaults to the database's name.
   */
  busNamespace: string;
  logLevel: string;
  /** JSON lines for machines, or pino-pretty's coloured lines for a person at a terminal (see logFormatOf). */
  logFormat: 'json' | 'pretty';
  /** 'production' serves built bundles; 'development' uses Vite middleware; 'test' keeps logs quiet. */
  env: 'production' | 'development' | 'test';
  /** Mount the SSR site (off in API-only tests). */
  web: 'dev' | 'prod' | 'off';
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Public origin used in links (setup link, sitemap); defaults to http://host:port. */
  publicUrl: string | undefined;
  rateLimit: RateLimitConfig;
  /** Maximum JSON body size in bytes. */
  bodyLimit: number;
  /** Check every reply against its contract (tests): catches fields leaking out. */
  validateResponses: boolean;
  /** `GET /metrics` on the site answers only with `Authorization: Bearer <this>`; unset: 404 there. */
  metricsToken: string | undefined;
  /** A second listener on 127.0.0.1 serving only `/metrics`, without a token; 0: none. */
  metricsPort: number;
  /** Where text message codes go: Tencent Cloud SMS (settings tag qcloud), or the server log for development. */
  smsProvider: 'tencent' | 'console';
  /**
   * The object store every uploaded file goes to (STORAGE_URL); undefined: the admin's COS settings when on,
   * else `DATA_DIR/uploads` on this machine.
   */
  storage: ObjectStoreTarget | undefined;
  /** The job queue: whether this process runs jobs (JOBS_WORK=off: only sends them) and its idle poll. */
  jobs: JobsConfig;
}

/** Requests allowed per window, per user (or IP for guests) and route class. */
export interface RateLimitConfig {
  enabled: boolean;
  windowMs: number;
  read: number;
  write: number;
  auth: number;
}

function int(v: string | undefined, fallback: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** The database's name in a connection URL, or undefined (embedded server, unparsable URL). */
function databaseName(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * How logs are written: LOG_FORMAT=json|pretty decides; else LOG_PRETTY=1|0; else pretty when stdout is a
 * terminal (a person reads it), JSON lines when it is a pipe or file (a collector parses them).
 */
export function logFormatOf(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): 'json' | 'pretty' {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  if (env.LOG_PRETTY) return env.LOG_PRETTY === '0' || env.LOG_PRETTY === 'false' ? 'json' : 'pretty';
  return stdoutIsTty ? 'pretty' : 'json';
}

/** Builds the config from an environment map (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const base: Config = {
    port: int(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePrepare: env.DATABASE_PREPARE !== 'off',
    redisUrl: env.REDIS_URL || undefined,
    busNamespace: env.BUS_NAMESPACE || databaseName(env.DATABASE_URL) || 'forum',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: logFormatOf(env, process.stdout.isTTY === true),
    env: nodeEnv,
    web:
      env.FORUM_WEB === 'off'
        ? 'off'
        : nodeEnv === 'production'
          ? 'prod'
          : nodeEnv === 'test'
            ? 'off'
            : 'dev',
    adminUsername: env.FORUM_ADMIN_USERNAME || undefined,
    adminPassword: env.FORUM_ADMIN_PASSWORD || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    rateLimit: {
      enabled: env.RATE_LIMIT !== 'off',
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
      read: int(env.RATE_LIMIT_READ, 1200),
      write: int(env.RATE_LIMIT_WRITE, 240),
      auth: int(env.RATE_LIMIT_AUTH, 20),
    },
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    validateResponses: env.VALIDATE_RESPONSES === '1' || nodeEnv === 'test',
    smsProvider: env.SMS_PROVIDER === 'console' ? 'console' : 'tencent',
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: int(env.METRICS_PORT, 0),
    storage: parseStorageUrl(env),
    jobs: {
      work: env.JOBS_WORK !== 'off',
      pollSeconds: Math.max(0.5, Number(env.JOBS_POLL_SECONDS) || 2),
    },
  };
  return { ...base, ...overrides, rateLimit: { ...base.rateLimit, ...overrides.rateLimit } };
}
