import { createHash, createHmac } from 'node:crypto';

// Tencent Cloud API 3.0 request signing (TC3-HMAC-SHA256), written from the public signature-v3 description:
// a canonical request over content-type and host, a string to sign scoped to date/service, and a key derived
// from the secret by successive HMACs. Both the client and the local fake service use it.

const ALGORITHM = 'TC3-HMAC-SHA256';
/** Only these headers are signed (lower-case, sorted). */
const SIGNED_HEADERS = 'content-type;host';

function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

function hmac(key: Buffer | string, s: string): Buffer {
  return createHmac('sha256', key).update(s, 'utf8').digest();
}

/** What one request signs over. */
export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** Product short name, e.g. `sms`. */
  service: string;
  host: string;
  contentType: string;
  body: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The UTC date (YYYY-MM-DD) of a unix timestamp, as the credential scope names it. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** The hex signature of a POST to `/` with an empty query. */
export function tc3Signature(r: Tc3Request, date = tc3Date(r.timestamp)): string {
  const canonicalHeaders = `content-type:${r.contentType.trim()}\nhost:${r.host.trim()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, SIGNED_HEADERS, sha256Hex(r.body)].join('\n');
  const scope = `${date}/${r.service}/tc3_request`;
  const stringToSign = [ALGORITHM, String(r.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), 'tc3_request');
  return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

/** The Authorization header value of a request. */
export function tc3Authorization(r: Tc3Request): string {
  const date = tc3Date(r.timestamp);
  return (
    `${ALGORITHM} Credential=${r.secretId}/${date}/${r.service}/tc3_request, ` +
    `SignedHeaders=${SIGNED_HEADERS}, Signature=${tc3Signature(r, date)}`
  );
}

/** The parts of an Authorization header, or null when it is not a TC3 one. */
export function parseTc3Authorization(
  header: string,
): { secretId: string; date: string; service: string; signedHeaders: string; signature: string } | null {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!m) return null;
  return { secretId: m[1]!, date: m[2]!, service: m[3]!, signedHeaders: m[4]!, signature: m[5]! };
}
