import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, registerUser, startTestApp, uploadFile, type TestApp } from '../../test/harness.js';
import { attachmentsOf, cleanFileName } from './index.js';

let t: TestApp;
let member: { token: string; userId: number };
let other: { token: string };
let admin: { token: string };

const upload = (token: string | null, file: { name: string; data: Buffer; mime?: string }, type?: number) =>
  uploadFile(t.app, token, file, type);

function download(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  member = await registerUser(t.app);
  other = await registerUser(t.app);
  admin = await adminUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/v3/attachments', () => {
  it('stores a PNG with a 500-px thumbnail and serves it inline with nosniff', async () => {
    const r = await upload(member.token, { name: 'pic.png', data: await png(1200, 300) }, 1);
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({
      type: 1,
      typeId: null,
      fileName: 'pic.png',
      fileType: 'image/png',
      width: 1200,
      height: 300,
    });
    const full = await download(r.Data.url, member.token);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-disposition']).toMatch(/^inline; filename="pic.png"/);
    const thumb = await download(r.Data.thumbUrl, member.token);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(500);
  });

  it('strips EXIF and applies the orientation of a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: 'red' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-gps-owner'))).toBe(true);
    const r = await upload(member.token, { name: 'photo.JPG', data: jpeg }, 1);
    expect(r.Code).toBe(0);
    expect([r.Data.width, r.Data.height]).toEqual([20, 40]);
    const stored = (await download(r.Data.url, member.token)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('rejects content whose magic bytes do not match the extension', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const r = await upload(member.token, { name: 'evil.png', data: html }, 1);
    expect([r.status, r.Code]).toEqual([400, -4001]);
    const pdfAsZip = await upload(
      member.token,
      { name: 'a.zip', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n') },
      0,
    );
    expect(pdfAsZip.Code).toBe(-4001);
  });

  it('rejects extensions not in the settings and oversize files', async () => {
    expect((await upload(member.token, { name: 'a.exe', data: Buffer.from('MZ....') }, 0)).Code).toBe(-4001);
    expect(
      (await upload(member.token, { name: 'a.svg', data: Buffer.from('<svg onload=alert(1)>') }, 1)).Code,
    ).toBe(-4001);
    await t.app.forum.settings.set([{ key: 'support_max_size', tag: 'default', value: '1' }]);
    try {
      const big = await upload(member.token, { name: 'big.zip', data: Buffer.alloc(1024 * 1024 + 10, 1) }, 0);
      expect([big.status, big.Code]).toEqual([413, -4001]);
    } finally {
      await t.app.forum.settings.set([{ key: 'support_max_size', tag: 'default', value: '5' }]);
    }
  });

  it('ignores client paths and stores hostile names harmlessly', async () => {
    const r = await upload(member.token, { name: '../../../etc/passwd.png', data: await png(10, 10) }, 1);
    expect(r.Code).toBe(0);
    expect(r.Data.fileName).toBe('passwd.png');
    const uploads = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(path.join(uploads, '..', '..', 'etc', 'passwd.png'))).toBe(false);
    const x = await upload(
      member.token,
      { name: '<img src=x onerror=alert(1)>.png', data: await png(10, 10) },
      1,
    );
    expect(x.Code).toBe(0);
    expect(x.Data.fileName).not.toMatch(/[<>"]/);
    const res = await download(x.Data.url, member.token);
    expect(res.headers['content-disposition']).not.toMatch(/[<>]/);
    expect(cleanFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(cleanFileName('..\\..\\win.ini')).toBe('win.ini');
  });

  it('serves files as downloads', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const r = await upload(member.token, { name: '报告 final.pdf', data: pdf }, 0);
    expect(r.Code).toBe(0);
    expect(r.Data.fileType).toBe('application/pdf');
    const res = await download(r.Data.url, member.token);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ final.pdf"; filename*=UTF-8''${encodeURIComponent('报告 final.pdf')}`,
    );
    expect(cleanFileName('a"b".pdf')).toBe('ab.pdf');
  });

  it('refuses guests (-3001), actors without the permission (-4002) and bad types', async () => {
    const image = { name: 'a.png', data: await png(4, 4) };
    expect((await upload(null, image, 1)).Code).toBe(-3001);
    const video = await upload(member.token, { name: 'a.mp4', data: Buffer.alloc(64) }, 3);
    expect([video.status, video.Code]).toEqual([403, -4002]);
    expect((await upload(member.token, image, 9)).Code).toBe(-4001);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v3/attachments',
      payload: { type: 1 },
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(notMultipart.json()).toMatchObject({ Code: -4001 });
  });
});

describe('GET /api/v3/attachments/:uuid access', () => {
  it('follows the access check once bound, and hides unbound uploads from others', async () => {
    const r = await upload(member.token, { name: 'p.png', data: await png(8, 8) }, 1);
    const url: string = r.Data.url;
    expect((await download(url, other.token)).statusCode).toBe(404);
    expect((await download(url)).statusCode).toBe(404);
    expect((await download(url, admin.token)).statusCode).toBe(200);

    const service = attachmentsOf({ ...t.app.forum, app: t.app });
    const bound = await service.bind(t.app.forum.database.db, member.userId, [r.Data.id], 77);
    expect(bound).toEqual([r.Data.id]);
    // Bound but no check registered yet: fail closed.
    expect((await download(url, other.token)).statusCode).toBe(404);
    service.setAccessCheck((actor, a) => a.typeId === 77 && !actor.isGuest);
    expect((await download(url, other.token)).statusCode).toBe(200);
    expect((await download(url)).statusCode).toBe(404);
    expect((await download('/api/v3/attachments/not-a-uuid', member.token)).statusCode).toBe(404);
    // Someone else cannot bind another user's upload.
    expect(await service.bind(t.app.forum.database.db, 999, [r.Data.id], 78)).toEqual([]);
  });
});
