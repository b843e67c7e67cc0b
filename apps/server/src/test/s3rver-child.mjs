// The test S3 server's own process (see s3-server.ts). s3rver checks query signatures with encodeURIComponent,
// which leaves !'()* bare where AWS (and its SDK) encode them per RFC 3986: a signed URL whose
// response-content-disposition holds filename*=UTF-8''... would fail here and work on S3. Patched in this
// process only, so the forum under test runs on the real function.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

const plain = globalThis.encodeURIComponent;
globalThis.encodeURIComponent = (s) =>
  plain(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const directory = process.argv[2] || mkdtempSync(path.join(os.tmpdir(), 'forum-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: process.argv[3] || 'forum-test' }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
// Ends with its parent (stdin closes) or on a signal.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
