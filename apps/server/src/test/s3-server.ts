import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The keys the test S3 server accepts. */
const KEYS = { STORAGE_ACCESS_KEY_ID: 'S3RVER', STORAGE_SECRET_ACCESS_KEY: 'S3RVER' };
const CHILD = fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url));

/** A real S3-speaking server (s3rver) on a random loopback port, with one bucket, for one test file. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points a server at it (`STORAGE_URL` and keys), under a key prefix. */
  env(prefix?: string, extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the server in its own process; close() stops it and removes its files. */
export async function startS3(bucket = 'forum-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'forum-s3-'));
  const child = spawn(process.execPath, [CHILD, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.on('exit', (code) => reject(new Error(`the test S3 server exited (${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = '', extra = {}) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=1`,
      ...KEYS,
      ...extra,
    }),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
