import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { SettingsService } from '../settings/index.js';
import type { UsersService } from '../users/index.js';
import { registerSignInFieldsRoutes } from './signin-fields.routes.js';
import { SignInFields, type SignInUploads } from './signin-fields.service.js';

/** Sign-in fields feature: extended registration fields and the users' answers (reference §1.1). */
export { adminSignInFields, userSignInFields } from './signin-fields.table.js';

/** Mounts the calls; new accounts ask it whether they must fill fields first. */
export function mountSignInFields(ctx: {
  route: Route;
  database: Database;
  settings: SettingsService;
  users: UsersService;
  /** The attachments feature: image and file answers are stored as uploads. */
  uploads: SignInUploads & { maxBytes(): number };
}): SignInFields {
  const fields = new SignInFields(ctx.database.db, ctx.settings, ctx.users, ctx.uploads);
  ctx.users.needsFields = () => fields.needsFields();
  registerSignInFieldsRoutes(ctx.route, fields, () => ctx.uploads.maxBytes());
  return fields;
}
