import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';

/** Highest price of a paid thread or of its attachments, in yuan (reference §1.3 `PRICE_LIMIT`). */
export const THREAD_PRICE_MAX_YUAN = 100_000;

/** A thread's price in yuan: 0 (free) to 100,000 with at most two decimals; the server stores fen. */
export const threadPriceField = (what: 'price' | 'attachmentPrice') =>
  z.coerce
    .number()
    .min(0, { message: `${what} cannot be negative` })
    .max(THREAD_PRICE_MAX_YUAN, { message: `${what} can be at most ${THREAD_PRICE_MAX_YUAN}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${what} can have at most two decimals`,
    });

/** Share of the text a non-payer reads, 0 to 1 (the editor shows it as a percentage). */
export const freeWordsField = z.coerce.number().min(0).max(1);

/** What bought access to a thread: the whole thread (order type 3) or its attachments (order type 7). */
export const PurchaseKind = { THREAD: 3, ATTACHMENT: 7 } as const;

/** One purchase in my list. */
export const purchaseItem = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  /** The thread's title, or the start of its free text when untitled. */
  title: z.string(),
  /** 3 thread, 7 attachments. */
  type: z.number().int(),
  /** Yuan with two decimals. */
  amount: z.string(),
  amountFen: z.number().int(),
  orderSn: z.string(),
  createdAt: z.string(),
});
/** A purchase. */
export type PurchaseItem = z.infer<typeof purchaseItem>;

/** `GET purchases.list`: what I bought (paid threads and attachments), newest first. */
export const purchasesList = defineCall({
  method: 'GET',
  path: '/api/v3/purchases.list',
  summary: 'My purchased threads and attachments',
  tags: ['orders'],
  input: pageQuery,
  output: pageOf(purchaseItem),
});
