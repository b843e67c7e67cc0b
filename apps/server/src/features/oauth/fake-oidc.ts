import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consentPage } from './fake-page.js';

interface Grant {
  sub: string;
  name: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  expiresAt: number;
  used: boolean;
}

/** Ways a test makes the fake misbehave, to see each ID token check refuse. */
export type OidcTamper = 'signature' | 'audience' | 'expired' | 'issuer' | 'nonce' | 'alg-none' | null;

/**
 * A local OpenID Connect provider (tests and `fake:oauth`): discovery, JWKS with a key made at start, a consent
 * page, and a token endpoint that checks what a real one checks: client id and secret (basic), the code issued
 * to that client, spent once, the same redirect URI, and the PKCE verifier against the S256 challenge.
 */
export class FakeOidc {
  private server: Server | null = null;
  private readonly key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly kid = randomBytes(6).toString('hex');
  private readonly codes = new Map<string, Grant>();
  issuer = '';
  tamper: OidcTamper = null;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') {
      const jwk = this.key.publicKey.export({ format: 'jwk' });
      return json(200, { keys: [{ ...jwk, kid: this.kid, use: 'sig', alg: 'RS256' }] });
    }
    if (url.pathname === '/authorize') return this.consent(url, res);
    if (url.pathname === '/allow') {
      const q = url.searchParams;
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, {
        sub: q.get('sub') || 'fake-sub',
        name: q.get('name') || 'OIDC user',
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? '',
        expiresAt: Date.now() + 60_000,
        used: false,
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic.split(':').map(decodeURIComponent);
      if (id !== this.clientId || secret !== this.clientSecret) return json(401, { error: 'invalid_client' });
      const g = this.codes.get(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code' || !g || g.used || g.expiresAt < Date.now())
        return json(400, { error: 'invalid_grant' });
      g.used = true;
      if (form.get('redirect_uri') !== g.redirectUri) return json(400, { error: 'invalid_grant' });
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== g.challenge)
        return json(400, { error: 'invalid_grant' });
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        id_token: this.idToken(g),
      });
    }
    res.writeHead(404).end();
  }

  /** Signs the ID token of a grant (or a tampered one). */
  private idToken(g: Grant): string {
    const now = Math.floor(Date.now() / 1000);
    const t = this.tamper;
    const header = { alg: t === 'alg-none' ? 'none' : 'RS256', kid: this.kid, typ: 'JWT' };
    const claims = {
      iss: t === 'issuer' ? `${this.issuer}/other` : this.issuer,
      sub: g.sub,
      aud: t === 'audience' ? 'someone-else' : this.clientId,
      exp: t === 'expired' ? now - 3600 : now + 300,
      iat: t === 'expired' ? now - 3900 : now,
      nonce: t === 'nonce' ? 'not-the-nonce' : g.nonce,
      name: g.name,
    };
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const data = `${enc(header)}.${enc(claims)}`;
    if (t === 'alg-none') return `${data}.`;
    const key: KeyObject = t === 'signature' ? this.otherKey.privateKey : this.key.privateKey;
    return `${data}.${sign('RSA-SHA256', Buffer.from(data), key).toString('base64url')}`;
  }

  private consent(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    const bad =
      p.get('client_id') !== this.clientId ||
      p.get('response_type') !== 'code' ||
      p.get('code_challenge_method') !== 'S256' ||
      !p.get('code_challenge') ||
      !p.get('redirect_uri') ||
      !(p.get('scope') ?? '').split(' ').includes('openid');
    if (bad) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return void res.end('invalid_request');
    }
    const keys = ['redirect_uri', 'state', 'nonce', 'code_challenge'];
    const hidden = Object.fromEntries(keys.map((k) => [k, p.get(k) ?? '']));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      consentPage('Fake OpenID provider', '/allow', hidden, [
        { name: 'sub', value: 'oidc-user-1' },
        { name: 'name', value: 'OIDC user' },
      ]),
    );
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => done(s));
    req.on('error', fail);
  });
}
