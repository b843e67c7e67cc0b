import zlib from 'node:zlib';

/**
 * CRC-32 (gzip's) of a concatenation from the CRCs of its parts, as zlib's crc32_combine does: a gzip body
 * spliced from stored pieces needs the checksum of the whole without reading the whole. `combineOp(n)` is
 * x^(8n) mod P for a part of n bytes; with it kept, each join is one polynomial product (32 steps at most).
 */
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, bit-reflected as in zlib. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P for k = 0..31. */
const X2N = (() => {
  const t = new Uint32Array(32);
  let p = 0x40000000; // x^1
  t[0] = p;
  for (let k = 1; k < 32; k++) t[k] = p = multmodp(p, p);
  return t;
})();

/** The operator that shifts a CRC past `length` more bytes (zlib's crc32_combine_gen). */
export function combineOp(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // bytes are 8 = 2^3 bits
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X2N[k & 31]!, p);
  return p;
}

/** CRC of A‖B from crc(A), crc(B) and combineOp(|B|) (zlib's crc32_combine_op). */
export function crc32Combine(crcA: number, crcB: number, opB: number): number {
  return (multmodp(opB, crcA) ^ crcB) >>> 0;
}

/** CRC-32 of some bytes, continuing from `from`. */
export function crc32(data: Buffer | string, from = 0): number {
  return zlib.crc32(data, from) >>> 0;
}
