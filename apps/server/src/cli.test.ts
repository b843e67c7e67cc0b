import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HELP } from './cli-help.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A DATA_DIR that must stay empty and a database that does not answer: help opens neither.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-cli-help-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run forum -- ...args` as the script runs it; answers the exit code and output. */
function forum(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return forumWith({}, ...args);
}

/** The same with some of the environment replaced (an absent value removes the variable). */
function forumWith(
  over: Record<string, string | undefined>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/cli.ts', ...args],
      {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          ...over,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run forum -- --help', () => {
  it('lists every command, with exit 0, without opening a database', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await forum(flag);
      expect(r.code, r.stderr).toBe(0);
      for (const [name, h] of Object.entries(HELP)) {
        expect(r.stdout).toContain(`  ${h.usage}`);
        expect(h.usage.startsWith(name)).toBe(true);
      }
    }
  }, 120_000);

  it('every command answers --help and -h with its own usage and exit 0, touching nothing', async () => {
    const names = Object.keys(HELP);
    expect(names).toEqual(
      expect.arrayContaining(['admin:create', 'migrate', 'seed', 'backup', 'restore', 'storage:migrate']),
    );
    const runs = await Promise.all(
      names.flatMap((name) =>
        [forum(name, '--help'), forum(name, '-h')].map((p) => p.then((r) => ({ name, r }))),
      ),
    );
    for (const { name, r } of runs) {
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe(`usage: npm run forum -- ${HELP[name]!.usage}`);
      expect(r.stdout).toContain(HELP[name]!.about.split('\n')[0]);
      // Only this command's usage, not the whole list.
      expect(r.stdout).not.toContain('<command>');
    }
    // No command ran: no embedded server was made, no file written.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 180_000);

  it('an unknown command says so and exits 2', async () => {
    const r = await forum('no-such-command');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command: no-such-command');
    expect(r.stdout).toContain('<command>');
  }, 60_000);

  it('a backup of a DATA_DIR without a database refuses, without making one', async () => {
    const r = await forumWith({ DATABASE_URL: undefined }, 'backup', '--to', path.join(dataDir, 'nowhere'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds no forum database');
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
