import { buildApp } from './app.js';
import { loadConfig, type Config } from './platform/config.js';
import { StorageConfigError } from './platform/storage-url.js';
import { ensureAdmin } from './startup.js';

// The process entry: build, make sure there is a way to get an admin, listen, and drain on SIGTERM.
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A wrong setting is the operator's to fix: say which and how, without a stack trace.
  if (!(err instanceof StorageConfigError)) throw err;
  console.error(`cannot start: ${err.message}`);
  process.exit(1);
}
const app = await buildApp(config);
const origin = config.publicUrl ?? `http://${config.host}:${config.port}`;
const setupLink = await ensureAdmin(app, origin);
await app.listen({ port: config.port, host: config.host });
const database =
  app.forum.database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'PostgreSQL';
console.log(`Forum ${config.env} server on ${origin} (${database}${config.redisUrl ? ' + redis' : ''})`);
if (setupLink) {
  console.log(`\nNo administrator yet. Open this one-time link to create one:\n  ${setupLink}\n`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
