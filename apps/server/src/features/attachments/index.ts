import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';
import { registerAttachmentsRoutes } from './attachments.routes.js';
import { AttachmentsService } from './attachments.service.js';
import type { AttachmentStorage } from './attachments.storage.js';

/** Attachments feature: uploads (checked, re-encoded), storage behind an interface, access by visibility. */
export { AttachmentsService, type AttachmentAccessCheck } from './attachments.service.js';
export { LocalStorage, type AttachmentStorage, type SignedUrlOptions } from './attachments.storage.js';
export { ConfiguredStorage, SIGNED_URL_SECONDS, cosTarget } from './storage-config.js';
export { S3Storage } from './storage-s3.js';
export { migrateUploads, type MigrateProgress } from './storage-migrate.js';
export { AttachmentType, THUMB_WIDTH, cleanFileName, extensionOf, sniff } from './attachments.files.js';
export type { AttachmentRow } from './attachments.repository.js';

/** Dependencies of the feature (a subset of the feature context). */
export interface AttachmentsDeps {
  app: FastifyInstance;
  route: Route;
  database: Database;
  settings: SettingsService;
  gate: Gate;
  /** Where every uploaded file goes (the app's configured storage). */
  storage: AttachmentStorage;
}

const services = new WeakMap<FastifyInstance, AttachmentsService>();

/** The app's attachments service (threads call `setAccessCheck`, `bind`, `listFor`, `present` on it). */
export function attachmentsOf(deps: Omit<AttachmentsDeps, 'route'>): AttachmentsService {
  let service = services.get(deps.app);
  if (!service) {
    service = new AttachmentsService(deps.database.db, deps.settings, deps.gate, deps.storage);
    services.set(deps.app, service);
  }
  return service;
}

/** Registers multipart parsing and mounts the upload and download routes (one line in features.ts). */
export async function registerAttachments(deps: AttachmentsDeps): Promise<AttachmentsService> {
  if (!deps.app.hasRequestDecorator('file')) {
    // The per-request limit comes from settings; this outer cap only bounds what the parser will ever buffer.
    await deps.app.register(import('@fastify/multipart'), {
      limits: { fileSize: 512 * 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
  }
  const service = attachmentsOf(deps);
  registerAttachmentsRoutes(deps.route, service);
  return service;
}
