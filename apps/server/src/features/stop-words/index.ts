import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import { registerStopWordsRoutes } from './stop-words.routes.js';
import { StopWordsService } from './stop-words.service.js';

/** Stop-words feature: the content filter engine (reference §1.12) and its admin calls. */
export { StopWordsService, type StopWordBatchResult } from './stop-words.service.js';
export type { StopWordResult, StopWordScope, StopWordAction } from './stop-words.engine.js';
export { StopWordEngine, wordPattern } from './stop-words.engine.js';
export { parseStopWordLine, parseStopWordLines } from './stop-words.batch.js';

const services = new WeakMap<FastifyInstance, StopWordsService>();

/** The app's stop-words service (one per app; other features call `check` / `enforce` on it). */
export function stopWordsOf(deps: { app: FastifyInstance; database: Database; bus: Bus }): StopWordsService {
  let service = services.get(deps.app);
  if (!service) {
    service = new StopWordsService(deps.database.db, deps.bus);
    services.set(deps.app, service);
  }
  return service;
}

/** Loads the word list and mounts the admin routes (one line in features.ts). */
export async function registerStopWords(deps: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  bus: Bus;
}): Promise<StopWordsService> {
  const service = stopWordsOf(deps);
  await service.start();
  registerStopWordsRoutes(deps.route, service);
  return service;
}
