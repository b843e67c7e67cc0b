import qs from 'qs';

/** A JSON schema node as the served OpenAPI document writes it (zod's `toJSONSchema`). */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

/** One operation of the document: its input as one object schema (query parameters or the JSON body). */
export interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  input: JsonSchema;
  /** The OpenAPI tags (`admin` calls take ids of groups and fields, not of threads). */
  tags: string[];
}

/** What a parameter that names a thread or a post is filled with. */
export type IdRole = 'thread' | 'post' | 'either';

/** Ids to fill in: the thread, one of its posts (or none), and what an ambiguous top-level `id` means here. */
export interface IdFill {
  thread: number;
  post?: number;
  either: number;
  /** Give `post` to this post field only and leave the other optional ones out (a comment names one reply). */
  only?: string;
}

/**
 * Which optional fields to fill besides the required ones: none, all of them, or one (a dotted path such as
 * `filter.search` or `data.attributes.isLiked`), since real writes usually change one thing at a time.
 */
export type FillMode = 'minimal' | 'all' | { field: string };

/** Text for free-text fields: searchable, and never a user's name. */
const TEXT = 'anonymity guard';

/** Every operation of an OpenAPI document served by `platform/http/openapi.ts`. */
export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase() as Operation['method'];
      if (m === 'GET') {
        const params = (op.parameters ?? []) as Array<{
          name: string;
          required: boolean;
          schema: JsonSchema;
        }>;
        out.push({
          method: m,
          path,
          tags: (op.tags ?? []) as string[],
          input: {
            type: 'object',
            properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
            required: params.filter((p) => p.required).map((p) => p.name),
          },
        });
      } else
        out.push({
          method: m,
          path,
          tags: (op.tags ?? []) as string[],
          input: op.requestBody?.content?.['application/json']?.schema ?? {},
        });
    }
  }
  return out;
}

/**
 * Whether a field names a thread or a post, by its name: `threadId`, `thread` (posts.list's filter),
 * `exclusiveIds` (thread.list's threads to leave out) and `...ThreadId(s)` are threads; `postId`, `post`,
 * `replyId` and `...PostId(s)` are posts; a top-level integer `id` is whichever the call means. Other ids
 * (users, categories, topics, a nested `vote.id`) name other things.
 */
export function idRoleOf(name: string, schema: JsonSchema, depth: number): IdRole | null {
  const n = name.toLowerCase();
  if (n === 'thread' || n === 'exclusiveids' || /threadids?$/.test(n)) return 'thread';
  if (n === 'post' || n === 'replyid' || /postids?$/.test(n)) return 'post';
  if (depth === 0 && n === 'id' && schema.type === 'integer') return 'either';
  return null;
}

/** The thread and post fields anywhere in an operation's input, by name (empty: it takes no such id). */
export function idFieldsOf(schema: JsonSchema, depth = 0): Map<string, IdRole> {
  const found = new Map<string, IdRole>();
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const role = idRoleOf(name, s, depth);
    if (role) found.set(name, role);
    for (const branch of [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.items ? [s.items] : [])])
      for (const [n, r] of idFieldsOf(branch, depth + 1)) found.set(n, r);
  }
  return found;
}

/** The fill modes worth trying for an operation: required fields only, each optional field alone, all fields. */
export function fillModesOf(op: Operation): FillMode[] {
  return ['minimal', ...optionalFields(op.input, '', 0).map((field) => ({ field })), 'all'];
}

function optionalFields(schema: JsonSchema, prefix: string, depth: number): string[] {
  const out: string[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    if (idRoleOf(name, s, depth)) continue;
    const path = prefix + name;
    const inner = s.type === 'object' ? optionalFields(s, `${path}.`, depth + 1) : [];
    if (inner.length) out.push(...inner);
    else if (!(schema.required ?? []).includes(name)) out.push(path);
  }
  return out;
}

class MissingId extends Error {}

/**
 * An input for the operation: ids from `ids`, the smallest valid value (or a plausible one) elsewhere; null when
 * the operation requires a post and `ids` has none (that combination is not a call one could make).
 */
export function fillInput(op: Operation, ids: IdFill, mode: FillMode): Record<string, unknown> | null {
  try {
    return fillObject(op.input, ids, mode, '', 0);
  } catch (err) {
    if (err instanceof MissingId) return null;
    throw err;
  }
}

function wanted(mode: FillMode, path: string): boolean {
  if (mode === 'all') return true;
  return mode !== 'minimal' && (mode.field === path || mode.field.startsWith(`${path}.`));
}

function fillObject(
  schema: JsonSchema,
  ids: IdFill,
  mode: FillMode,
  prefix: string,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const role = idRoleOf(name, s, depth);
    if (role) {
      const skipped = role === 'post' && ids.only !== undefined && ids.only !== name && !required.has(name);
      const id = role === 'thread' ? ids.thread : role === 'post' ? ids.post : ids.either;
      if (skipped) continue;
      if (id === undefined && required.has(name)) throw new MissingId(name);
      if (id !== undefined) out[name] = s.type === 'array' ? [id] : id;
      continue;
    }
    if (!required.has(name) && !wanted(mode, prefix + name)) continue;
    out[name] = fillValue(s, ids, mode, `${prefix}${name}.`, depth + 1);
  }
  return out;
}

function fillValue(s: JsonSchema, ids: IdFill, mode: FillMode, prefix: string, depth: number): unknown {
  const branch = s.anyOf ?? s.oneOf;
  if (branch) return fillValue(branch.find((b) => b.type !== 'null') ?? branch[0]!, ids, mode, prefix, depth);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'object':
      return fillObject(s, ids, mode, prefix, depth);
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () =>
        fillValue(s.items ?? {}, ids, mode, prefix, depth),
      );
    case 'string':
      return TEXT.padEnd(s.minLength ?? 0, '.').slice(0, s.maxLength ?? TEXT.length);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The inject request for an input: a query string for reads, a JSON body for writes. */
export function requestOf(op: Operation, input: Record<string, unknown>): { url: string; body?: unknown } {
  if (op.method === 'GET') return { url: `${op.path}?${qs.stringify(input)}` };
  return { url: op.path, body: input };
}
