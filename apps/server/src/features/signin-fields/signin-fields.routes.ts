import {
  mySignInFields,
  mySignInSubmit,
  mySignInUpload,
  signInFieldCreate,
  signInFieldList,
  signInFieldResource,
  signInFieldStatus,
  signInFieldUpdate,
  userSignInAnswers,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { readOneFile } from '../../platform/http/upload.js';
import type { SignInFields } from './signin-fields.service.js';

/** Mounts the admin's sign-in field calls and the user's supplementary calls. */
export function registerSignInFieldsRoutes(route: Route, fields: SignInFields, maxBytes: () => number): void {
  const admin = { admin: true };
  // `remark` is in the spec's payload but a field has none (answers do): typed by the contract, not stored.
  route(signInFieldCreate, admin, async ({ remark: _remark, ...input }) => fields.create(input));
  route(signInFieldList, admin, async () => fields.list());
  route(signInFieldResource, admin, async (input) => fields.resource(input.id));
  route(signInFieldStatus, admin, async (input) => fields.update(input.id, { status: input.status }));
  route(signInFieldUpdate, admin, async ({ id, remark: _remark, ...patch }) => fields.update(id, patch));
  route(userSignInAnswers, admin, async (input) => fields.answers(Number(input.userId)));
  // The supplementary page is for users the gate holds at "fill the fields" (or rejected and resubmitting).
  const filling = { auth: 'required' as const, status: 'skip' as const };
  route(mySignInFields, filling, async (_input, { actor }) => fields.mine(actor));
  route(mySignInSubmit, filling, async (input, { actor }) => fields.submit(actor, input.data));
  route(mySignInUpload, { ...filling, keepsGuestCache: true }, async (input, { actor, req }) => {
    const file = await readOneFile(req, maxBytes(), 'file');
    return fields.upload(actor, input.aid, file.name, file.data);
  });
}
