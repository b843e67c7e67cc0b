import { z } from 'zod';

/** A query-string or JSON boolean: true/false, 1/0, "1"/"0", "true"/"false". */
export const boolish = z.preprocess((v) => {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false' || v === '') return false;
  return v;
}, z.boolean());

/** A positive integer id, coerced from the query string. */
export const idField = z.coerce.number().int().min(1);

/** A list of ids from `a[]=1&a[]=2`, `a=1,2` or a JSON array. */
export const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (Array.isArray(v)) return v;
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
    return String(v)
      .split(',')
      .filter((s) => s !== '');
  },
  z.array(z.coerce.number().int().min(0)).max(100).optional(),
);

/**
 * A JSON flag sent as a boolean or as the number 0/1: the spec types several flags as numbers (group
 * `isPaid`, sign-in field `required`) while our own client sends booleans; both mean the same.
 */
export const numFlag = (name: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1)], { message: `${name} must be 0, 1, true or false` })
    .transform((v) => v === true || v === 1);
