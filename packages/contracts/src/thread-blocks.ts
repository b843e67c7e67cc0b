import { z } from 'zod';

/** True for an absolute http(s) address: the only links a goods card may carry (no javascript:, data:, ...). */
function isWebUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const webUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine(isWebUrl, { message: `${field} must be an http(s) URL` });

/** Highest goods price in cents (one million yuan, the original's thread price order of magnitude). */
export const GOODS_PRICE_MAX_CENTS = 100_000_000;

/**
 * Body of a goods block (tom 104, reference §1.3): a product link the author pasted, with the title, price
 * and picture they typed. The price is stored in integer cents (fen) like every amount of money here.
 */
export const goodsBlockBody = z.object({
  /** The product page. */
  detailContent: webUrl('detailContent'),
  title: z.string().trim().min(1).max(200),
  price: z.coerce.number().int().min(0).max(GOODS_PRICE_MAX_CENTS),
  /** Optional picture address ('' for none). */
  imagePath: z.union([z.literal(''), webUrl('imagePath')]).default(''),
  /** Shop platform label (taobao, jd, ...); free text, informational only. */
  platformId: z.string().trim().max(40).default(''),
});
/** A goods block body. */
export type GoodsBlockBody = z.infer<typeof goodsBlockBody>;

/** Body of an audio block (tom 102): one uploaded audio file. */
export const audioBlockBody = z.object({ audioId: z.coerce.number().int().min(1) });
/** Body of a video block (tom 103): one uploaded video file. */
export const videoBlockBody = z.object({ videoId: z.coerce.number().int().min(1) });
