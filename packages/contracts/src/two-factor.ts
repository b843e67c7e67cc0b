import { z } from 'zod';
import { defineCall } from './call.js';
import { loginResult } from './users.js';

/** A second-factor answer: an authenticator's 6 digits, or a recovery code (xxxxx-xxxxx). */
const codeField = z
  .string()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, { message: 'code must be 6 digits or a recovery code' });

/** `GET users/2fa`: my two-factor state; `required` when the site enforces it for administrators like me. */
export const twoFactorStatus = defineCall({
  method: 'GET',
  path: '/api/v3/users/2fa',
  summary: 'My two-factor authentication state',
  tags: ['two-factor'],
  input: z.object({}),
  output: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryLeft: z.number().int() }),
});

/** `POST users/2fa.setup`: a new authenticator secret to scan (not active until `2fa.enable`). */
export const twoFactorSetup = defineCall({
  method: 'POST',
  path: '/api/v3/users/2fa.setup',
  summary: 'Start two-factor enrolment: a secret for an authenticator app',
  tags: ['two-factor'],
  input: z.object({}),
  output: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});

/** `POST users/2fa.enable`: proves the authenticator with a first code; answers the recovery codes, once. */
export const twoFactorEnable = defineCall({
  method: 'POST',
  path: '/api/v3/users/2fa.enable',
  summary: 'Turn two-factor authentication on with a first code',
  tags: ['two-factor'],
  input: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'code must be 6 digits' }),
  }),
  output: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** `POST users/2fa.disable`: turns it off with a current code or a recovery code. */
export const twoFactorDisable = defineCall({
  method: 'POST',
  path: '/api/v3/users/2fa.disable',
  summary: 'Turn two-factor authentication off',
  tags: ['two-factor'],
  input: z.object({ code: codeField }),
  output: z.null(),
});

/** `POST users/2fa.login`: the second login step, with the token a -7090 login reply carried. */
export const twoFactorLogin = defineCall({
  method: 'POST',
  path: '/api/v3/users/2fa.login',
  summary: 'Finish a login with an authenticator or recovery code',
  tags: ['two-factor'],
  input: z.object({ twoFactorToken: z.string().min(1).max(500), code: codeField }),
  output: loginResult,
});
