import { z } from 'zod';

/** Every /api reply: `{Code, Message, Data, RequestId, RequestTime}` (reference §2.1). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    Code: z.number().int(),
    Message: z.string(),
    Data: data,
    RequestId: z.string(),
    RequestTime: z.string(),
  });
}

/** An envelope whose Data is unknown (errors carry null or details). */
export const anyEnvelope = envelopeOf(z.unknown());

/** The reply shape as a TypeScript type. */
export interface Envelope<T> {
  Code: number;
  Message: string;
  Data: T;
  RequestId?: string;
  RequestTime?: string;
}

/** Page query: page (default 1), perPage (default 20, max 50). Strings from the query string are coerced. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});

/** A page of results in the original's shape. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    pageData: z.array(item),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalCount: z.number().int(),
    totalPage: z.number().int(),
  });
}

/** A page of results as a TypeScript type. */
export interface Page<T> {
  pageData: T[];
  currentPage: number;
  perPage: number;
  totalCount: number;
  totalPage: number;
}
