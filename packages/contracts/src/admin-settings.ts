import { z } from 'zod';
import { defineCall } from './call.js';

// Settings, logo and site info for administrators (issue 10 §1–2). The `.v2` paths take the spec's payloads
// (§5 "Call payloads"), checked before sending and again by the server; their `backAdmin` twins take the
// original's wider types (a site name is text, which the `.v2` rule "value: number" cannot carry).

const keyField = z.string().min(1, { message: 'key is required' }).max(100);
const tagField = z.string().min(1, { message: 'tag is required' }).max(100);

/** One stored setting as the admin reads and writes it. */
export const settingItem = z.object({ key: z.string(), value: z.string(), tag: z.string() });
/** One setting. */
export type SettingItem = z.infer<typeof settingItem>;

/** `POST /api/settings.v2`: `data` items of `{key: string, value: number, tag: string}` (spec §5). */
export const settingsSetV2 = defineCall({
  method: 'POST',
  path: '/api/settings.v2',
  summary: 'Update settings (numeric values, spec payload)',
  tags: ['admin'],
  input: z.object({
    data: z
      .array(
        z.object({
          key: keyField,
          // A number (spec); a switch our admin sends as a boolean is stored as 1 / 0.
          value: z
            .union([z.number(), z.boolean()], { message: 'value must be a number' })
            .transform((v) => (typeof v === 'boolean' ? Number(v) : v)),
          tag: tagField,
        }),
      )
      .min(1, { message: 'data is required' })
      .max(200),
  }),
  output: z.object({ updated: z.array(settingItem) }),
});

/** `POST backAdmin/settings.create`: the same with text, numbers or booleans as values (stored as text). */
export const settingsSet = defineCall({
  method: 'POST',
  path: '/api/backAdmin/settings.create',
  summary: 'Update settings (any value type)',
  tags: ['admin'],
  input: z.object({
    data: z
      .array(
        z.object({
          key: keyField,
          value: z.union([z.string().max(20_000), z.number(), z.boolean()]),
          tag: tagField.default('default'),
        }),
      )
      .min(1, { message: 'data is required' })
      .max(200),
  }),
  output: z.object({ updated: z.array(settingItem) }),
});

/** `GET /api/settings.v2?key=&tag=`: one setting (spec §5: key and tag required). */
export const settingsGetV2 = defineCall({
  method: 'GET',
  path: '/api/settings.v2',
  summary: 'Read one setting',
  tags: ['admin'],
  input: z.object({ key: keyField, tag: tagField }),
  output: settingItem,
});

/** `GET backAdmin/settings`: every setting, or those of one tag. */
export const settingsList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/settings',
  summary: 'Read all settings',
  tags: ['admin'],
  input: z.object({ tag: z.string().max(100).optional() }),
  output: z.array(settingItem),
});

/** The picture kinds an administrator uploads (reference: logo, header logo, favicon, background). */
export const LOGO_TYPES = ['logo', 'header_logo', 'favicon', 'background_image'] as const;

const logoType = z.enum(LOGO_TYPES, { message: `type must be one of ${LOGO_TYPES.join(', ')}` });

/**
 * `POST /api/settings/logo.v2` `{logo, type}`: sets a site picture from an uploaded image's address (an
 * attachment of this site); `backAdmin/settings/logo` is the same call.
 */
export const settingsLogo = defineCall({
  method: 'POST',
  path: '/api/settings/logo.v2',
  aliases: ['/api/backAdmin/settings/logo'],
  summary: 'Set the logo, header logo, favicon or background',
  tags: ['admin'],
  input: z.object({
    logo: z.string().min(1, { message: 'logo is required' }).max(500),
    type: z.string({ message: 'type is required' }).pipe(logoType),
  }),
  output: settingItem,
});

/** `POST /api/settings/delete.logo.v2` `{type}`: clears a site picture. */
export const settingsLogoDelete = defineCall({
  method: 'POST',
  path: '/api/settings/delete.logo.v2',
  aliases: ['/api/backAdmin/settings/delete.logo'],
  summary: 'Remove the logo, header logo, favicon or background',
  tags: ['admin'],
  input: z.object({ type: z.string({ message: 'type is required' }).pipe(logoType) }),
  output: settingItem,
});

/** `GET /api/siteinfo.v2`: versions, server and counts for the dashboard. */
export const siteInfo = defineCall({
  method: 'GET',
  path: '/api/siteinfo.v2',
  aliases: ['/api/backAdmin/siteinfo'],
  summary: 'Site and server information',
  tags: ['admin'],
  input: z.object({}),
  output: z.object({
    version: z.string(),
    nodeVersion: z.string(),
    database: z.string(),
    os: z.string(),
    uptimeSeconds: z.number().int(),
    memoryMb: z.number().int(),
    redis: z.boolean(),
    counts: z.object({ users: z.number().int(), threads: z.number().int(), posts: z.number().int() }),
  }),
});

/** `GET backAdmin/statistic/firstChart`: new users, threads and replies per day for the last 30 days (UTC days). */
export const dashboardChart = defineCall({
  method: 'GET',
  path: '/api/backAdmin/statistic/firstChart',
  summary: 'New users, threads and replies per day (admin)',
  tags: ['admin'],
  input: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }),
  output: z.object({
    days: z.array(z.string()),
    users: z.array(z.number().int()),
    threads: z.array(z.number().int()),
    posts: z.array(z.number().int()),
  }),
});

/**
 * `POST backAdmin/settings/logo.upload?type=` (multipart, one image): stores a site picture (re-encoded; a
 * favicon as a 64 px PNG) where everyone may load it, and sets the setting to its address.
 */
export const settingsLogoUpload = defineCall({
  method: 'POST',
  path: '/api/backAdmin/settings/logo.upload',
  summary: 'Upload the logo, header logo, favicon or background (admin, multipart)',
  tags: ['admin'],
  input: z.object({ type: z.string({ message: 'type is required' }).pipe(logoType) }),
  output: settingItem,
});

/** `GET site-files/:file`: a site picture (public, cached for good: each upload gets a new name). */
export const siteFile = defineCall({
  method: 'GET',
  path: '/api/v3/site-files/:file',
  summary: 'A site picture (logo, favicon, background)',
  tags: ['forum'],
  input: z.object({}),
  output: z.unknown(),
});
