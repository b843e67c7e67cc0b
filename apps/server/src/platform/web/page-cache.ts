import type { FastifyReply, FastifyRequest } from 'fastify';
import { accepts, pickEncoding, StoredBody, type DeflatedTail, type Encoding } from '../http/stored-body.js';
import { hashedPageCsp } from './csp.js';

/** How every document ends; a group page's stored body stops before it, and each member's tail brings it. */
export const DOCUMENT_END = '</body></html>';

/**
 * A rendered page ready to send as it is: its policy and its body, stored compressed once (StoredBody). The
 * plain bytes are made on the first request that takes no compression. A group's page (`overlay` set) is
 * stored without its last `</body></html>`: each member's reply adds their overlay there, then the end.
 */
export interface ReadyPage {
  status: number;
  csp: string;
  body: StoredBody;
  /** A group page: the address of the viewer overlay its members get inline. */
  overlay?: string;
  /** That address's query (`threadIds=…&postIds=…`), cut once: what a member's overlay is looked up by. */
  overlayQuery?: string;
}

/** A member's part of a group page: their overlay as a data block and the document's end (and deflated once). */
export interface MemberTail {
  plain: Buffer;
  deflated: DeflatedTail | null;
  /** The last reply made with it: sent again as it is while the page and the coding asked are the same. */
  sent?: {
    page: ReadyPage;
    br: Buffer | null;
    accepted: Encoding;
    gzip: boolean;
    enc: Encoding;
    bytes: Buffer;
  };
}

/**
 * Makes a finished document ready: its policy, and its bytes compressed once, off the event loop (a few
 * milliseconds for a 100 KB page: paid once per cache fill, not per hit).
 */
export async function readyPage(status: number, html: string, overlay?: string): Promise<ReadyPage> {
  const csp = hashedPageCsp(html);
  if (overlay !== undefined && html.endsWith(DOCUMENT_END)) {
    const shared = Buffer.from(html.slice(0, -DOCUMENT_END.length), 'utf8');
    const overlayQuery = overlay.slice(overlay.indexOf('?') + 1);
    return { status, csp, overlay, overlayQuery, body: await StoredBody.of(shared, { keepPlain: false }) };
  }
  return { status, csp, body: await StoredBody.of(Buffer.from(html, 'utf8'), { keepPlain: false }) };
}

/** Bytes a ready page holds in memory (the cache's budget counts these). */
export function pageBytes(p: ReadyPage): number {
  return p.body.bytes;
}

const END = Buffer.from(DOCUMENT_END);

/** A member's copy of a group page: the stored bytes and their tail, made once per page and coding. */
export function memberReply(
  page: ReadyPage,
  tail: MemberTail,
  accepted: Encoding,
  header: string | undefined,
  made?: (bytes: number) => void,
): { enc: Encoding; bytes: Buffer } {
  const gzip = accepts(header, 'gzip');
  const kept = tail.sent;
  // Made again when the page's brotli copy was made smaller meanwhile (StoredBody.hit).
  if (
    kept &&
    kept.page === page &&
    kept.br === page.body.br &&
    kept.accepted === accepted &&
    kept.gzip === gzip
  )
    return kept;
  let enc = accepted;
  let bytes: Buffer;
  if (tail.deflated && (enc === 'gzip' || (enc === 'br' && gzip && gzipSmaller(page, tail)))) {
    enc = 'gzip';
    bytes = page.body.withDeflatedTail(tail.deflated);
  } else bytes = page.body.withTail(enc, tail.plain);
  tail.sent = { page, br: page.body.br, accepted, gzip, enc, bytes };
  made?.(bytes.length - (kept?.bytes.length ?? 0));
  return tail.sent;
}

/** Whether the gzip copy with the member's deflated tail is smaller than the brotli copy with it plain. */
function gzipSmaller(page: ReadyPage, tail: MemberTail): boolean {
  const br = (page.body.br?.length ?? Infinity) + tail.plain.length;
  return page.body.gzip!.length + tail.deflated!.deflated.length < br;
}

/**
 * Sends a ready page in the coding the client takes; nothing is compressed per hit. A group page gets the
 * member's tail after the stored bytes: plain (a brotli uncompressed meta-block, a deflate stored block), or
 * deflated once for them when that comes out smaller (gzip: deflate segments join without recompressing,
 * brotli's do not). With no tail (no overlay made) the page ends plainly and asks for its overlay.
 */
export function sendReadyPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: ReadyPage,
  tail?: MemberTail,
  /** Told the bytes of a member's reply the first time they are made (their tail keeps them). */
  made?: (bytes: number) => void,
) {
  const header = req.headers['accept-encoding'];
  page.body.hit();
  let enc = page.body.encodingFor(pickEncoding(header));
  let bytes: Buffer;
  if (page.overlay === undefined) bytes = page.body.body(enc);
  else if (tail) ({ enc, bytes } = memberReply(page, tail, enc, header, made));
  else bytes = page.body.withTail(enc, END);
  reply
    .code(page.status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (enc !== 'identity') reply.header('content-encoding', enc);
  return reply.send(bytes);
}
