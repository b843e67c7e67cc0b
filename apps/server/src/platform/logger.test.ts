import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logFormatOf } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs a Fastify with the forum's logger options in its own process (stdout a pipe) and returns what it printed. */
function logOnce(env: NodeJS.ProcessEnv): string {
  const script = `
    import Fastify from 'fastify';
    import { loggerOptions } from './apps/server/src/platform/logger.ts';
    import { loadConfig } from './apps/server/src/platform/config.ts';
    const app = Fastify({ logger: loggerOptions(loadConfig()) });
    app.log.info({ userId: 7, body: { password: 'hunter2' } }, 'hello logs');
    await app.close();
  `;
  const out = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: '', LOG_PRETTY: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
}

describe('log format', () => {
  it('is pretty at a terminal, JSON lines into a pipe, and LOG_FORMAT / LOG_PRETTY decide first', () => {
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatOf({ LOG_PRETTY: '0' }, true)).toBe('json');
    expect(logFormatOf({ LOG_PRETTY: '1' }, false)).toBe('pretty');
    expect(logFormatOf({ LOG_FORMAT: 'json', LOG_PRETTY: '1' }, true)).toBe('json');
  });

  it('writes JSON lines into a pipe by default, with secrets redacted', () => {
    const lines = logOnce({}).trim().split('\n');
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.msg === 'hello logs');
    expect(entry).toMatchObject({ level: 30, userId: 7, body: { password: '[redacted]' } });
  }, 90_000);

  it('LOG_FORMAT=pretty writes readable lines through pino-pretty', () => {
    const text = logOnce({ LOG_FORMAT: 'pretty' });
    const line = text.split('\n').find((l) => l.includes('hello logs'));
    expect(line).toMatch(/INFO.*hello logs/);
    expect(() => JSON.parse(line!)).toThrow();
    expect(text).toMatch(/userId: 7/);
    expect(text).toMatch(/"?password"?: "\[redacted\]"/);
    expect(text).not.toMatch(/hunter2/);
  }, 90_000);
});
