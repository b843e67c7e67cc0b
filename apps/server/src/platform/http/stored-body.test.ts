import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combineOp, crc32, crc32Combine } from './crc32.js';
import { GzipTemplate } from './gzip-template.js';
import { deflateTail, pickEncoding, StoredBody } from './stored-body.js';

const text = (n: number) =>
  Array.from({ length: n }, (_, i) => `{"id":${i},"title":"帖子 ${i} thread","isLike":false}`).join(',');

describe('crc32Combine', () => {
  it('gives the CRC of a concatenation from the parts', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['hello ', 'world'],
      [text(50), '尾巴 tail'],
      ['a', text(3000)],
    ] as const) {
      const whole = crc32(Buffer.from(a + b));
      const joined = crc32Combine(crc32(a), crc32(b), combineOp(Buffer.byteLength(b)));
      expect(joined).toBe(whole);
    }
  });
});

describe('StoredBody', () => {
  const plain = Buffer.from(`<!doctype html><p>${text(200)}</p>`);

  it('decodes to the same bytes as identity, gzip and brotli', async () => {
    const body = await StoredBody.of(plain);
    expect(body.body('identity').equals(plain)).toBe(true);
    expect(zlib.gunzipSync(body.body('gzip')).equals(plain)).toBe(true);
    expect(zlib.brotliDecompressSync(body.body('br')).equals(plain)).toBe(true);
    expect(body.body('br').length).toBeLessThan(plain.length / 3);
  });

  it('appends a tail in every coding without recompressing the stored part', async () => {
    const body = await StoredBody.of(plain);
    const tail = Buffer.from(',"RequestId":"abc","RequestTime":"2026-01-01 00:00:00"}');
    const want = Buffer.concat([plain, tail]);
    const gz = body.withTail('gzip', tail);
    const br = body.withTail('br', tail);
    expect(zlib.gunzipSync(gz).equals(want)).toBe(true);
    expect(zlib.brotliDecompressSync(br).equals(want)).toBe(true);
    expect(body.withTail('identity', tail).equals(want)).toBe(true);
    // The stored bytes are the prefix of every reply, unchanged.
    expect(gz.subarray(0, body.gzip!.length - 10).equals(body.gzip!.subarray(0, -10))).toBe(true);
    expect(br.subarray(0, body.br!.length - 1).equals(body.br!.subarray(0, -1))).toBe(true);
  });

  it('takes a tail longer than one stored block, and one deflated once', async () => {
    const body = await StoredBody.of(plain);
    const tail = Buffer.from(text(3000));
    expect(tail.length).toBeGreaterThan(0x10000);
    const want = Buffer.concat([plain, tail]);
    expect(zlib.gunzipSync(body.withTail('gzip', tail)).equals(want)).toBe(true);
    expect(zlib.brotliDecompressSync(body.withTail('br', tail)).equals(want)).toBe(true);
    const deflated = await deflateTail(tail);
    const gz = body.withDeflatedTail(deflated);
    expect(zlib.gunzipSync(gz).equals(want)).toBe(true);
    expect(gz.length).toBeLessThan(want.length / 3);
  });

  it('keeps only compressed copies when asked, and makes the plain bytes once', async () => {
    const body = await StoredBody.of(plain, { keepPlain: false });
    expect(body.hasPlain).toBe(false);
    const before = body.bytes;
    expect(body.identity().equals(plain)).toBe(true);
    expect(body.hasPlain).toBe(true);
    expect(body.bytes).toBe(before + plain.length);
    expect(body.identity()).toBe(body.identity());
  });

  it('a popular body gets a smaller brotli copy that decodes the same, tails included', async () => {
    // Text of many distinct words (a page), where brotli's best quality finds more than quality 5.
    let seed = 7;
    const word = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), `w${seed % 5000}`);
    const plain = Buffer.from(Array.from({ length: 6000 }, word).join(' '));
    const body = await StoredBody.of(plain, { keepPlain: false });
    const before = body.br!;
    for (let i = 0; i < 100; i++) body.hit();
    for (let i = 0; i < 100 && body.br === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(body.br!.length).toBeLessThan(before.length);
    expect(zlib.brotliDecompressSync(body.br!).equals(plain)).toBe(true);
    const tail = Buffer.from('<script>x</script></body></html>');
    expect(zlib.brotliDecompressSync(body.withTail('br', tail)).equals(Buffer.concat([plain, tail]))).toBe(
      true,
    );
  });

  it('sends a small body plain', async () => {
    const body = await StoredBody.of(Buffer.from('{"a":1}'));
    expect(body.encodingFor('br')).toBe('identity');
    expect(body.withTail('identity', Buffer.from('!')).toString()).toBe('{"a":1}!');
  });
});

describe('GzipTemplate', () => {
  const pieces = [
    '{"Code":0,"Data":{"pageData":[',
    ...Array.from({ length: 20 }, (_, i) => `],[${text(3)},${i}`),
  ];
  const widths = Array.from({ length: 20 }, (_, i) => 5 + (i % 3));
  // Exactly each hole's width in bytes, whatever the characters.
  const holes = (seed: string) =>
    widths.map((w, i) => {
      const b = Buffer.alloc(w, ' ');
      b.write(`${seed}${i}`.slice(0, 2), 'utf8');
      return b;
    });

  it('decodes to the pieces with each reader’s holes, compressed as a whole', async () => {
    const t = await GzipTemplate.compile(
      pieces.map((p) => Buffer.from(p)),
      widths,
    );
    for (const seed of ['true', 'fals', '假']) {
      const h = holes(seed);
      const tail = Buffer.from(`,"RequestId":"${seed}"}`);
      const want = Buffer.concat([
        ...pieces.flatMap((p, i) => [Buffer.from(p), h[i] ?? Buffer.alloc(0)]),
        tail,
      ]);
      expect(zlib.gunzipSync(t.fill(h, tail)).equals(want)).toBe(true);
    }
    // Repetition across pieces is found (each piece sees the ones before it).
    expect(t.fill(holes('x'), Buffer.alloc(0)).length).toBeLessThan(pieces.join('').length / 4);
  });

  it('refuses a hole of the wrong width', async () => {
    const t = await GzipTemplate.compile([Buffer.from('a'), Buffer.from('b')], [4]);
    expect(() => t.fill([Buffer.from('abc')], Buffer.alloc(0))).toThrow();
    expect(zlib.gunzipSync(t.fill([Buffer.from('wxyz')], Buffer.from('!'))).toString()).toBe('awxyzb!');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
