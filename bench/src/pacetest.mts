import { paced } from './paced.js';
import { cpuMs } from './proc.js';
import { execSync } from 'node:child_process';
const pid = Number(execSync("pgrep -f 'dist/main.js' | head -1").toString().trim());
const [A, B, T] = (await import('node:fs')).readFileSync('/tmp/probe/ids', 'utf8').trim().split(' ');
const c0 = process.cpuUsage();
for (const rate of [1000, 1000]) {
  const s0 = cpuMs(pid);
  const c0 = process.cpuUsage();
  const r = await paced({ url: 'http://127.0.0.1:3930/api/v3/posts.create', rate, seconds: 8, method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${B}` }, body: (i) => JSON.stringify({ id: Number(T), content: `<p>paced ${rate} ${i}</p>` }) });
  const s1 = cpuMs(pid); const c1 = process.cpuUsage(c0);
  const n = r.requests.total;
  console.log('reply', rate, r.requests.average.toFixed(0), r.latency, 'server ms/req', ((s1.server - s0.server) / n).toFixed(2), 'pg', ((s1.db - s0.db) / n).toFixed(2), 'client', ((c1.user + c1.system) / 1000 / n).toFixed(2));
}
