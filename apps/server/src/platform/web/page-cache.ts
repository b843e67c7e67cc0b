import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashedPageCsp } from './csp.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A rendered page ready to send as it is: its policy and its compressed bytes. The plain bytes are not kept
 * (browsers all take gzip or brotli; the rare client that takes neither gets the gzip copy inflated), so a page
 * holds about a quarter of the memory.
 */
export interface ReadyPage {
  status: number;
  csp: string;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Compresses a finished document once, off the event loop. Brotli quality 5 and gzip level 6 take a few
 * milliseconds for a 100 KB page: paid once per cache fill, not per hit.
 */
export async function readyPage(status: number, html: string): Promise<ReadyPage> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  return { status, csp: hashedPageCsp(html), gzip: gz, br };
}

/** Bytes a ready page holds in memory (the cache's budget counts these). */
export function pageBytes(p: ReadyPage): number {
  return p.gzip.length + p.br.length;
}

/** Which stored encoding an `Accept-Encoding` header allows, best first (an explicit q=0 refuses one). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Sends a ready page in the encoding the client takes; nothing is computed per hit. */
export function sendReadyPage(req: FastifyRequest, reply: FastifyReply, page: ReadyPage) {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  reply
    .code(page.status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : zlib.gunzipSync(page.gzip),
  );
}
