import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importWithInertRequestStorage } from './inert-request-storage.js';

// Modules shaped like React's Node renderer (CommonJS, as React ships, and an ES module): a storage made at
// load, each piece of work run inside it.
const dir = mkdtempSync(path.join(tmpdir(), 'inert-storage-'));
const body = `const storage = new AsyncLocalStorage();
  const work = (request) => storage.run(request, (r) => ({ got: r, seen: storage.getStore() }), request);
  const later = (request) => storage.run(request, async () => { await null; return storage.getStore(); });`;
writeFileSync(
  path.join(dir, 'renderer.cjs'),
  `const { AsyncLocalStorage } = require('async_hooks');\n${body}\nmodule.exports = { work, later };`,
);
writeFileSync(
  path.join(dir, 'renderer.mjs'),
  `import { AsyncLocalStorage } from 'node:async_hooks';\n${body}\nexport { work, later };`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importWithInertRequestStorage', () => {
  it.each(['renderer.cjs', 'renderer.mjs'])(
    'gives %s a storage that keeps nothing, the real class after',
    async (name) => {
      const m = await importWithInertRequestStorage<{
        work: (r: string) => { got: string; seen: unknown };
        later: (r: string) => Promise<unknown>;
      }>(pathToFileURL(path.join(dir, name)).href);
      // The work itself runs with its arguments; the storage reads empty, now and after an await.
      expect(m.work('request-1')).toEqual({ got: 'request-1', seen: undefined });
      expect(await m.later('request-2')).toBeUndefined();
      // Storages made afterwards are real ones.
      const real = new AsyncLocalStorage<string>();
      expect(real).toBeInstanceOf(AsyncLocalStorage);
      expect(await real.run('kept', async () => (await null, real.getStore()))).toBe('kept');
    },
  );

  it('restores the real class when the import fails', async () => {
    await expect(
      importWithInertRequestStorage(pathToFileURL(path.join(dir, 'missing.mjs')).href),
    ).rejects.toThrow();
    expect(new AsyncLocalStorage()).toBeInstanceOf(AsyncLocalStorage);
  });
});
