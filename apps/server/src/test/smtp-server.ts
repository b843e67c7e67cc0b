import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server accepted: the envelope, the raw source and its parsed form. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  /** A header as it came (unfolded), lower-case name. */
  header(name: string): string | undefined;
}

/** A real SMTP server on a random loopback port, keeping what it accepts. */
export interface TestSmtp {
  host: string;
  port: number;
  received: ReceivedMail[];
  /** Waits for a message matching `match` (default: any) that arrived after `after` messages. */
  waitFor(match?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The settings that point the forum at this server (tag mail). */
  settings(extra?: Record<string, string>): Array<{ key: string; value: string; tag: string }>;
  /** Refuses the next `n` messages with a 4xx/5xx answer (`code` and text), to test retries and failures. */
  refuseNext(n: number, code?: number, text?: string): void;
  close(): Promise<void>;
}

/** The raw headers of a message, unfolded, by lower-case name (the first of each). */
function rawHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const out = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      const name = line.slice(0, i).trim().toLowerCase();
      if (!out.has(name)) out.set(name, line.slice(i + 1).trim());
    }
  }
  return out;
}

/**
 * Starts smtp-server without TLS (the forum's `mail_secure = none`), with a login when `auth` is given
 * (anything else is refused, as a real server would).
 */
export async function startSmtp(auth?: { user: string; pass: string }): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refuse = { n: 0, code: 550, text: 'refused by the test' };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    // The forum's pooled connections stay open: close() should not wait 30 s for them.
    closeTimeout: 200,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) return cb(null, { user: a.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse.n > 0) {
          refuse.n -= 1;
          const err = new Error(refuse.text) as Error & { responseCode: number };
          err.responseCode = refuse.code;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          const headers = rawHeaders(raw);
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
            header: (name) => headers.get(name.toLowerCase()),
          });
          for (const w of waiters.splice(0)) w();
          cb();
        }, cb);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    received,
    async waitFor(match = () => true, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find(match);
        if (hit) return hit;
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no such mail in ${timeoutMs} ms (${received.length} received)`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 500));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    settings: (extra = {}) =>
      Object.entries({
        mail_open: '1',
        mail_host: '127.0.0.1',
        mail_port: String(port),
        mail_secure: 'none',
        mail_username: auth?.user ?? '',
        mail_password: auth?.pass ?? '',
        mail_from: 'forum@example.test',
        mail_from_name: '',
        ...extra,
      }).map(([key, value]) => ({ key, value, tag: key === 'site_url' ? 'default' : 'mail' })),
    refuseNext(n, code = 550, text = 'refused by the test') {
      refuse = { n, code, text };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
