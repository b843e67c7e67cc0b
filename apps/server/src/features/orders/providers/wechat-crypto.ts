import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/** The merchant's signing identity (WeChat Pay API v3). */
export interface MerchantKey {
  mchid: string;
  /** The serial number of the merchant's API certificate. */
  serial: string;
  privateKeyPem: string;
}

/** A random nonce (hex, 32 characters). */
export const nonceStr = () => randomBytes(16).toString('hex');

/** Base64 SHA256-with-RSA signature of a message. */
export function rsaSign(privateKeyPem: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

/** Checks a base64 SHA256-with-RSA signature; false (never a throw) for anything malformed. */
export function rsaVerify(publicKeyPem: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The `Authorization` header of a request: SHA256-with-RSA over method, path with query, timestamp, nonce and
 * body, one per line (the scheme `WECHATPAY2-SHA256-RSA2048`).
 */
export function authorization(
  key: MerchantKey,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000).toString(),
  nonce = nonceStr(),
): string {
  const signature = rsaSign(
    key.privateKeyPem,
    `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`,
  );
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${key.mchid}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${key.serial}"`
  );
}

/** The message WeChat Pay signs in its replies and callbacks: timestamp, nonce and body, one per line. */
export const platformMessage = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** An encrypted callback resource (AEAD_AES_256_GCM; the ciphertext ends with the 16-byte tag). */
export interface EncryptedResource {
  algorithm?: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** Decrypts a callback resource with the 32-byte APIv3 key; throws when it was altered. */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext is too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(r.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
