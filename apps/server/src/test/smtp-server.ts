import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server accepted: the envelope, the raw source and its parsed form. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Whether the message came over TLS (implicit or after STARTTLS). */
  secure: boolean;
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
  /** Refuses this recipient at RCPT TO with `code` (a mailbox that does not exist: 550). */
  refuseRecipient(address: string, code?: number, text?: string): void;
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

/** A throwaway self-signed certificate for 127.0.0.1, made at test time (no private key is committed). */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-cert-'));
  try {
    execFileSync(
      'openssl',
      // prettier-ignore
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'pipe' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } catch (err) {
    throw new Error(`the TLS mail tests need the openssl command to make a certificate: ${String(err)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How the test server speaks: a login it requires, and TLS (`implicit`: port-465 style; `starttls`: offered). */
export interface SmtpOptions {
  auth?: { user: string; pass: string };
  tls?: 'implicit' | 'starttls';
  /** The certificate for `tls` (default: a new self-signed one). */
  cert?: { key: string; cert: string };
}

/**
 * Starts smtp-server, without TLS by default (the forum's `mail_secure = none`), with a login when `auth` is
 * given (anything else is refused, as a real server would).
 */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const { auth, tls } = options;
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refuse = { n: 0, code: 550, text: 'refused by the test' };
  const refusedRcpt = new Map<string, { code: number; text: string }>();
  const disabled = [...(tls === 'starttls' ? [] : ['STARTTLS']), ...(auth ? [] : ['AUTH'])];
  const server = new SMTPServer({
    secure: tls === 'implicit',
    ...(tls ? (options.cert ?? selfSignedCert()) : {}),
    disabledCommands: disabled,
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    // The forum's pooled connections stay open: close() should not wait 30 s for them.
    closeTimeout: 200,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) return cb(null, { user: a.username });
      return cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      const r = refusedRcpt.get(address.address.toLowerCase());
      if (!r) return cb();
      const err = new Error(r.text) as Error & { responseCode: number };
      err.responseCode = r.code;
      return cb(err);
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
            secure: session.secure,
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
  // A client that drops the connection (a refused certificate) is the forum's failure, seen on its side.
  server.on('error', () => {});
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
        mail_secure: tls === 'implicit' ? 'tls' : tls === 'starttls' ? 'starttls' : 'none',
        // The test certificate is self-signed: only a TLS server's settings relax the check.
        mail_tls_verify: tls ? '0' : '1',
        mail_username: auth?.user ?? '',
        mail_password: auth?.pass ?? '',
        mail_from: 'forum@example.test',
        mail_from_name: '',
        ...extra,
      }).map(([key, value]) => ({ key, value, tag: key === 'site_url' ? 'default' : 'mail' })),
    refuseNext(n, code = 550, text = 'refused by the test') {
      refuse = { n, code, text };
    },
    refuseRecipient(address, code = 550, text = '5.1.1 no such mailbox') {
      refusedRcpt.set(address.toLowerCase(), { code, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
