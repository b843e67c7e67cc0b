import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { OrderType, PaymentType } from '@forum/contracts';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { parseStorageUrl, StorageConfigError } from '../../platform/storage-url.js';
import {
  adminUser,
  call,
  freshDatabase,
  registerUser,
  uploadFile,
  walletMember,
} from '../../test/harness.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { ConfiguredStorage, LocalStorage, migrateUploads, S3Storage } from './index.js';

// Two instances behind a load balancer: one database, one object store, each its own DATA_DIR (machine).
// Several tests start a further instance: on a busy 2-core machine that takes more than the usual 30 s.
vi.setConfig({ testTimeout: 120_000 });
let s3: TestS3;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let otherDataDir: string;
/** The store seen from the test (same bucket and prefix as the instances). */
let store: S3Storage;
let admin: { token: string };

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

function instance(dataDir: string, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: db.databaseUrl, ...env },
    { web: 'off', rateLimit: { enabled: false, windowMs: 60_000, read: 1, write: 1, auth: 1 } },
  );
  return buildApp(config);
}

/** Posts one file as multipart to an upload call. */
async function postFile(app: FastifyInstance, url: string, token: string, field: string, data: Buffer) {
  const boundary = `----st${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  return res.json() as { Code: number; Message: string; Data: any };
}

const png = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** Every file under a folder (empty when it does not exist). */
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

beforeAll(async () => {
  s3 = await startS3();
  db = await freshDatabase();
  otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-test-b-'));
  a = await instance(db.dataDir, s3.env('site1'));
  b = await instance(otherDataDir, s3.env('site1'));
  store = new S3Storage(parseStorageUrl(s3.env('site1'))!);
  admin = await adminUser(a);
}, 180_000);
afterAll(async () => {
  store?.close();
  await Promise.all([a?.close(), b?.close()]);
  rmSync(otherDataDir, { recursive: true, force: true });
  await db?.drop();
  await s3?.close();
});

describe('an object store shared by every instance', () => {
  it('an attachment uploaded through A is read through B (signed redirect), not from either disk', async () => {
    const member = await registerUser(a);
    const data = await png('#3366ff');
    const up = await uploadFile(a, member.token, { name: 'pic.png', data }, 1);
    expect(up.Code, up.Message).toBe(0);
    // The presented address is the API's (checked on every read), never the store's.
    expect(up.Data.url).toBe(`/api/v3/attachments/${up.Data.uuid}`);
    const res = await get(b, up.Data.url, member.token);
    expect(res.statusCode).toBe(302);
    const signed = String(res.headers.location);
    expect(signed.startsWith(`${s3.endpoint}/${s3.bucket}/site1/`)).toBe(true);
    expect(signed).toContain('X-Amz-Expires=300');
    expect(res.headers['cache-control']).toBe('no-store');
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="pic.png"/);
    const served = Buffer.from(await file.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(64);
    // The thumbnail is there too, and neither machine kept a copy on its disk.
    expect((await get(b, `${up.Data.url}?thumb=1`, member.token)).statusCode).toBe(302);
    expect(filesUnder(path.join(db.dataDir, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(otherDataDir, 'uploads'))).toEqual([]);
    // Others still get nothing for an unbound upload: the check runs before any URL is made.
    const stranger = await registerUser(b);
    expect((await get(b, up.Data.url, stranger.token)).statusCode).toBe(404);
    expect((await get(b, up.Data.url)).statusCode).toBe(404);
  });

  it('an avatar and a site logo land in the store and are served by the other instance', async () => {
    const member = await registerUser(a);
    const avatar = await postFile(a, '/api/v3/users/avatar', member.token, 'avatar', await png('#aa0000'));
    expect(avatar.Code, avatar.Message).toBe(0);
    const file = /\/api\/v3\/users\/avatar\/(\d+-[0-9a-f]{12}\.png)$/.exec(avatar.Data.avatarUrl)?.[1];
    expect(file).toBeTruthy();
    expect(await store.size(`avatars/${file}`)).toBeGreaterThan(0);
    const shown = await get(b, avatar.Data.avatarUrl);
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(256);

    const logo = await postFile(
      a,
      '/api/backAdmin/settings/logo.upload?type=logo',
      admin.token,
      'logo',
      await png('#00aa00'),
    );
    expect(logo.Code, logo.Message).toBe(0);
    const name = /^\/api\/v3\/site-files\/(logo-[0-9a-f]{12}\.png)$/.exec(logo.Data.value)?.[1];
    expect(name).toBeTruthy();
    expect(await store.size(`site/${name}`)).toBeGreaterThan(0);
    expect((await get(b, logo.Data.value)).statusCode).toBe(200);
    expect(filesUnder(path.join(db.dataDir, 'uploads'))).toEqual([]);
  });

  it('with a CDN base, avatars and site pictures get direct public URLs; old addresses redirect', async () => {
    const cdn = 'https://cdn.example.test/files';
    const c = await instance(
      mkdtempSync(path.join(os.tmpdir(), 'forum-test-c-')),
      s3.env('site1', { STORAGE_PUBLIC_URL: cdn }),
    );
    try {
      const member = await registerUser(c);
      const avatar = await postFile(c, '/api/v3/users/avatar', member.token, 'avatar', await png('#0000aa'));
      expect(avatar.Code, avatar.Message).toBe(0);
      expect(avatar.Data.avatarUrl).toMatch(
        /^https:\/\/cdn\.example\.test\/files\/site1\/avatars\/\d+-[0-9a-f]{12}\.png$/,
      );
      const logo = await postFile(
        c,
        '/api/backAdmin/settings/logo.upload?type=favicon',
        admin.token,
        'logo',
        await png('#777777'),
      );
      expect(logo.Data.value).toMatch(
        /^https:\/\/cdn\.example\.test\/files\/site1\/site\/favicon-[0-9a-f]{12}\.png$/,
      );
      const old = await get(c, `/api/v3/site-files/${logo.Data.value.split('/').pop()}`);
      expect([old.statusCode, old.headers.location]).toEqual([302, logo.Data.value]);
      // A second avatar replaces the first: the old object is deleted from the store.
      const first = avatar.Data.avatarUrl.split('/').pop();
      const again = await postFile(c, '/api/v3/users/avatar', member.token, 'avatar', await png('#00aaaa'));
      expect(again.Code).toBe(0);
      expect(await store.size(`avatars/${first}`)).toBeNull();
    } finally {
      await c.close();
    }
  });
});

describe('paid attachments', () => {
  it('are never served by a public URL: refused to guests and non-buyers, a signed URL for the buyer', async () => {
    const ann = await registerUser(a);
    const buyer = await walletMember(a, admin, '100');
    const other = await registerUser(b);
    await a.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const doc = await uploadFile(a, ann.token, { name: 'paid.pdf', data: pdf }, 0);
    expect(doc.Code, doc.Message).toBe(0);
    const thread = await call(a, 'POST', '/api/v3/thread.create', {
      token: ann.token,
      body: {
        categoryId: 1,
        title: 'Paid file',
        content: {
          text: '<p>free words</p>',
          indexes: { f: { tomId: 108, body: { docIds: [doc.Data.id] } } },
        },
        attachmentPrice: 1,
      },
    });
    expect(thread.Code, thread.Message).toBe(0);
    const threadId = thread.Data.threadId as number;
    // Even a CDN base never makes an attachment public: instance C has one, and still answers 404 or a signature.
    const c = await instance(
      mkdtempSync(path.join(os.tmpdir(), 'forum-test-d-')),
      s3.env('site1', { STORAGE_PUBLIC_URL: 'https://cdn.example.test' }),
    );
    try {
      for (const app of [b, c]) {
        expect((await get(app, doc.Data.url)).statusCode).toBe(404);
        expect((await get(app, doc.Data.url, other.token)).statusCode).toBe(404);
      }
      const order = await call(b, 'POST', '/api/v3/order.create', {
        token: buyer.token,
        body: { type: OrderType.ATTACHMENT, threadId },
      });
      expect(order.Code, order.Message).toBe(0);
      const paid = await call(b, 'POST', '/api/v3/trade/pay/order', {
        token: buyer.token,
        body: { orderSn: order.Data.orderSn, paymentType: PaymentType.WALLET, payPassword: '123456' },
      });
      expect(paid.Code, paid.Message).toBe(0);
      const detail = await call(c, 'GET', `/api/v3/thread.detail?threadId=${threadId}`, {
        token: buyer.token,
      });
      const docs = detail.Data.content.indexes.f.body.docs as Array<{ url: string }>;
      expect(docs.map((d) => d.url)).toEqual([doc.Data.url]);
      for (const app of [b, c]) {
        const res = await get(app, doc.Data.url, buyer.token);
        expect(res.statusCode).toBe(302);
        const signed = String(res.headers.location);
        expect(signed).toContain('X-Amz-Signature=');
        const file = await fetch(signed);
        expect([file.status, file.headers.get('content-disposition')]).toEqual([
          200,
          expect.stringMatching(/^attachment; filename="paid.pdf"/),
        ]);
        expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
        // A tampered signature is refused by the store.
        expect(
          (await fetch(signed.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).status,
        ).toBe(403);
      }
      // Still refused to the member who did not pay.
      expect((await get(b, doc.Data.url, other.token)).statusCode).toBe(404);
      // With proxy=1 the server streams the file itself after the same check.
      const p = await instance(mkdtempSync(path.join(os.tmpdir(), 'forum-test-p-')), {
        ...s3.env('site1'),
        STORAGE_URL: `${s3.env('site1').STORAGE_URL}&proxy=1`,
      });
      try {
        const streamed = await get(p, doc.Data.url, buyer.token);
        expect([streamed.statusCode, streamed.headers['content-type']]).toEqual([200, 'application/pdf']);
        expect(streamed.rawPayload.equals(pdf)).toBe(true);
        expect((await get(p, doc.Data.url, other.token)).statusCode).toBe(404);
      } finally {
        await p.close();
      }
    } finally {
      await c.close();
    }
  });
});

describe('uploaded plugins', () => {
  it('an instance that did not receive the upload installs the package from the store', async () => {
    const manifest = JSON.stringify({
      pluginName: 'shared-up',
      version: '1.0.0',
      target: 'plugin_index',
      hookName: 'header_insert_after_hook',
      author: { name: 'Up', email: 'up@example.invalid' },
      type: 0,
      appid: 'shared-up',
      platform: ['pc', 'h5'],
      server: true,
      enabled: true,
    });
    const server = `export default (sdk) => ({ routes: [{ method: 'GET', path: 'ping', input: sdk.z.object({}),
      handler: async () => ({ pong: 'shared' }) }] });`;
    const zip = zipSync({ 'plugin.json': strToU8(manifest), 'server/index.js': strToU8(server) });
    const up = await postFile(a, '/api/backAdmin/plugin/upload', admin.token, 'file', Buffer.from(zip));
    expect(up.Code, up.Message).toBe(0);
    expect(await store.size('plugins/shared-up.zip')).toBe(zip.length);
    // A new machine (its own empty DATA_DIR) joins later: it unpacks the package from the store at start.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'forum-test-e-'));
    const e = await instance(dir, s3.env('site1'));
    try {
      expect(existsSync(path.join(dir, 'plugins', 'shared-up', 'plugin.json'))).toBe(true);
      const ping = await call(e, 'GET', '/plugin/shared-up/api/ping');
      expect(ping.Data).toEqual({ pong: 'shared' });
      // Removed from the admin: the package leaves the store too.
      const del = await call(e, 'POST', '/api/backAdmin/plugin/operate', {
        token: admin.token,
        body: { name: 'shared-up', operate: 3 },
      });
      expect(del.Code, del.Message).toBe(0);
      expect(await store.size('plugins/shared-up.zip')).toBeNull();
    } finally {
      await e.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('storage:migrate', () => {
  /** A DATA_DIR/uploads with attachments, avatars, a site picture and a plugin package. */
  function localUploads(): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'forum-test-mig-'));
    const files: Record<string, string> = {
      '2026/05/01/a.png': 'png-bytes',
      '2026/05/01/a_thumb.png': 'thumb',
      '2026/05/02/b.pdf': '%PDF-1.4 pdf bytes',
      'avatars/1-aaaaaaaaaaaa.png': 'avatar',
      'site/logo-bbbbbbbbbbbb.png': 'logo',
      'plugins/x.zip': 'zip',
    };
    for (const [k, v] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, k)), { recursive: true });
      writeFileSync(path.join(root, k), v);
    }
    writeFileSync(path.join(root, '2026/05/01/c.png.123.tmp'), 'half-written');
    return root;
  }

  it('copies every file under its key and skips, on a second run, what is already there', async () => {
    const root = localUploads();
    const target = new S3Storage(parseStorageUrl(s3.env('mig1'))!);
    try {
      const seen: number[] = [];
      const first = await migrateUploads(root, target, (p) => seen.push(p.done));
      expect(first).toMatchObject({ total: 6, copied: 6, skipped: 0 });
      expect(seen.at(-1)).toBe(6);
      expect((await buffer((await target.get('2026/05/02/b.pdf'))!)).toString()).toBe('%PDF-1.4 pdf bytes');
      expect(await target.size('2026/05/01/c.png.123.tmp')).toBeNull();
      // One file changed (a different size) and one added: only those two are copied again.
      writeFileSync(path.join(root, 'avatars/1-aaaaaaaaaaaa.png'), 'a bigger avatar');
      writeFileSync(path.join(root, 'site/favicon-cccccccccccc.png'), 'fav');
      const second = await migrateUploads(root, target);
      expect(second).toMatchObject({ total: 7, copied: 2, skipped: 5 });
      expect((await buffer((await target.get('avatars/1-aaaaaaaaaaaa.png'))!)).toString()).toBe(
        'a bigger avatar',
      );
    } finally {
      target.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the CLI command copies DATA_DIR/uploads with a progress bar and resumes an interrupted copy', async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), 'forum-test-cli-'));
    const uploads = localUploads();
    rmSync(path.join(data, 'uploads'), { recursive: true, force: true });
    // The uploads folder of that DATA_DIR; half of it already copied by an interrupted run.
    spawnSync('cp', ['-r', uploads, path.join(data, 'uploads')]);
    const target = new S3Storage(parseStorageUrl(s3.env('mig2'))!);
    await target.put('2026/05/01/a.png', Buffer.from('png-bytes'));
    await target.put('avatars/1-aaaaaaaaaaaa.png', Buffer.from('avatar'));
    const run = (env: Record<string, string>) =>
      spawnSync(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'src/cli.ts', 'storage:migrate'],
        {
          cwd: SERVER_DIR,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            DATA_DIR: data,
            DATABASE_URL: db.databaseUrl,
            ...env,
          },
          encoding: 'utf8',
          timeout: 150_000,
        },
      );
    try {
      const r = run(s3.env('mig2'));
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('6 files: 4 copied');
      expect(r.stdout).toContain('2 already there');
      expect(await target.size('plugins/x.zip')).toBe(3);
    } finally {
      target.close();
      rmSync(data, { recursive: true, force: true });
      rmSync(uploads, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("the admin's COS settings", () => {
  it('are checked when saved: COS on needs its bucket and region; a bucket name carries its APPID', async () => {
    const save = (data: Array<{ key: string; value: string }>) =>
      call(a, 'POST', '/api/backAdmin/settings.create', {
        token: admin.token,
        body: { data: data.map((d) => ({ ...d, tag: 'qcloud' })) },
      });
    const off = await save([{ key: 'qcloud_cos', value: '1' }]);
    expect([off.Code, off.Message]).toEqual([-4001, expect.stringContaining('qcloud_cos_bucket_name')]);
    expect((await save([{ key: 'qcloud_cos_bucket_name', value: 'forum' }])).Code).toBe(-4001);
    expect((await save([{ key: 'qcloud_cos_cdn_url', value: 'javascript:alert(1)' }])).Code).toBe(-4001);
    const member = await registerUser(a);
    expect(
      (
        await call(a, 'POST', '/api/backAdmin/settings.create', {
          token: member.token,
          body: { data: [{ key: 'qcloud_cos', value: '0', tag: 'qcloud' }] },
        })
      ).Code,
    ).toBe(-4002);
  });

  it('switch the store at once (no restart): COS speaks S3 at cos.<region>.myqcloud.com; off is the disk again', () => {
    const values = new Map<string, string>();
    const settings = { get: (k: string) => values.get(k) ?? '' };
    const local = new LocalStorage(path.join(os.tmpdir(), 'unused-uploads'));
    const storage = new ConfiguredStorage(local, undefined, settings);
    try {
      expect(storage.current()).toBe(local);
      values.set('qcloud_cos', '1');
      values.set('qcloud_cos_bucket_name', 'forum-1250000000');
      values.set('qcloud_cos_bucket_area', 'ap-guangzhou');
      // Incomplete (no keys yet): still the disk, never a half-configured store.
      expect(storage.current()).toBe(local);
      values.set('qcloud_secret_id', 'AKID');
      values.set('qcloud_secret_key', 'secret');
      values.set('qcloud_cos_cdn_url', 'https://img.example.test/');
      const cos = storage.current() as S3Storage;
      expect(cos).toBeInstanceOf(S3Storage);
      expect(cos.target).toMatchObject({
        bucket: 'forum-1250000000',
        endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
        region: 'ap-guangzhou',
        forcePathStyle: false,
        accessKeyId: 'AKID',
      });
      expect(storage.current()).toBe(cos);
      expect(storage.url('avatars/1-aaaaaaaaaaaa.png')).toBe(
        'https://img.example.test/avatars/1-aaaaaaaaaaaa.png',
      );
      expect(storage.describe()).toBe('s3://forum-1250000000/');
      values.set('qcloud_cos', '0');
      expect(storage.current()).toBe(local);
      // STORAGE_URL wins over the settings.
      const fixed = new ConfiguredStorage(local, parseStorageUrl(s3.env('x')), settings);
      values.set('qcloud_cos', '1');
      expect((fixed.current() as S3Storage).target.bucket).toBe(s3.bucket);
      fixed.close();
    } finally {
      storage.close();
    }
  });
});

describe('STORAGE_URL', () => {
  it('a wrong value stops the start with a message that says what is wrong', () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ STORAGE_URL: 'ftp://bucket/x' }, 'unsupported scheme ftp:'],
      [{ STORAGE_URL: 'not a url' }, 'not a URL'],
      [{ STORAGE_URL: 's3://B_ad/x' }, 'bad bucket name'],
      [{ STORAGE_URL: 's3://bucket/x?endpoint=localhost:9000' }, 'endpoint must be http(s)'],
      [{ STORAGE_URL: 's3://bucket/x?regoin=eu' }, 'unknown option regoin'],
      [{ STORAGE_URL: 's3://key:secret@bucket/x' }, 'keys go in STORAGE_ACCESS_KEY_ID'],
      [{ STORAGE_URL: 's3://bucket/x', STORAGE_ACCESS_KEY_ID: 'k' }, 'set both'],
      [{ STORAGE_URL: 's3://bucket/x?forcePathStyle=yes' }, 'forcePathStyle must be 1 or 0'],
      [{ STORAGE_URL: 's3://bucket/x?proxy=2' }, 'proxy must be 1 or 0'],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(StorageConfigError);
      expect(() => loadConfig(env)).toThrow(message);
      expect(() => loadConfig(env)).toThrow(/^STORAGE_URL: .*expected s3:\/\/bucket/);
    }
    expect(loadConfig({}).storage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://my-bucket/a/b/?region=eu-west-1' }).storage).toMatchObject({
      bucket: 'my-bucket',
      prefix: 'a/b/',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it('the server process exits at start with that message, not a stack trace', () => {
    const r = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        STORAGE_URL: 'ftp://nope',
        DATABASE_URL: db.databaseUrl,
      },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('STORAGE_URL: unsupported scheme ftp:');
    expect(r.stderr).not.toContain('    at ');
  }, 180_000);
});
