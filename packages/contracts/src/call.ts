import type { z } from 'zod';

/** One API call: the single contract shared by server validation, api-client and the OpenAPI document. */
export interface CallContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under the site root, e.g. `/api/v3/forum`. */
  path: string;
  /** Extra paths served by the same handler (the spec's `.v2` names, `/api/backAdmin/*`). */
  aliases?: readonly string[];
  /** Merged query and body input. */
  input: I;
  /** The `Data` of a successful reply. */
  output: O;
  summary: string;
  tags: readonly string[];
}

/** Declares a call contract with its types preserved. */
export function defineCall<I extends z.ZodType, O extends z.ZodType>(
  c: CallContract<I, O>,
): CallContract<I, O> {
  return c;
}

/** Input type of a call. */
export type CallInput<C> = C extends CallContract<infer I, z.ZodType> ? z.input<I> : never;
/** Parsed input type of a call (after defaults and coercion). */
export type CallParsed<C> = C extends CallContract<infer I, z.ZodType> ? z.output<I> : never;
/** Output (Data) type of a call. */
export type CallOutput<C> = C extends CallContract<z.ZodType, infer O> ? z.output<O> : never;
