import type { JsonWebKey } from 'node:crypto';
import { IdTokenError, verifyIdToken, type IdClaims } from './jwt-verify.js';

/** A generic OpenID Connect provider's settings (tag oidc). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** The provider refused or could not be reached (-5004), or the ID token failed a check (IdTokenError). */
export class OidcError extends Error {}

/** Discovery and keys are re-read this often (a provider rotates keys; an unknown `kid` re-reads at once). */
const CACHE_MS = 10 * 60_000;

/** Authorization code flow with PKCE against any provider with a discovery document (OIDC Discovery 1.0). */
export class OidcClient {
  private discovery: { at: number; issuer: string; doc: Discovery } | null = null;
  private jwks: { at: number; uri: string; keys: JsonWebKey[] } | null = null;

  constructor(private readonly config: () => OidcConfig) {}

  configured(): boolean {
    const c = this.config();
    return c.issuer !== '' && c.clientId !== '';
  }

  /** The provider's consent URL for a state, nonce and PKCE challenge. */
  async authorizeUrl(redirectUri: string, p: { state: string; nonce: string; challenge: string }) {
    const c = this.config();
    const u = new URL((await this.discover()).authorization_endpoint);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('client_id', c.clientId);
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('scope', c.scopes || 'openid');
    u.searchParams.set('state', p.state);
    u.searchParams.set('nonce', p.nonce);
    u.searchParams.set('code_challenge', p.challenge);
    u.searchParams.set('code_challenge_method', 'S256');
    return u.toString();
  }

  /** Exchanges a code (with the PKCE verifier) and checks the ID token; answers its claims. */
  async exchange(code: string, redirectUri: string, verifier: string, nonce: string): Promise<IdClaims> {
    const c = this.config();
    const doc = await this.discover();
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    // client_secret_basic (the spec's default); a public client sends its id in the body instead.
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (c.clientSecret) {
      const basic = `${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    } else body.set('client_id', c.clientId);
    const reply = await this.fetchJson<{ id_token?: string; error?: string }>(doc.token_endpoint, {
      method: 'POST',
      headers,
      body,
    });
    if (reply.error || !reply.id_token)
      throw new OidcError(`token endpoint: ${reply.error ?? 'no id_token'}`);
    const want = { issuer: doc.issuer, clientId: c.clientId, nonce };
    try {
      return verifyIdToken(reply.id_token, await this.keys(doc, false), want);
    } catch (err) {
      if (!(err instanceof IdTokenError) || err.message !== 'bad signature') throw err;
      // Perhaps a rotated key: read the JWKS again once.
      return verifyIdToken(reply.id_token, await this.keys(doc, true), want);
    }
  }

  private async discover(): Promise<Discovery> {
    const issuer = this.config().issuer.replace(/\/+$/, '');
    const d = this.discovery;
    if (d && d.issuer === issuer && Date.now() - d.at < CACHE_MS) return d.doc;
    const doc = await this.fetchJson<Discovery>(`${issuer}/.well-known/openid-configuration`);
    // The document must speak for the configured issuer (OIDC Discovery §4.3).
    if (doc.issuer !== issuer) throw new OidcError(`discovery issuer ${doc.issuer} is not ${issuer}`);
    this.discovery = { at: Date.now(), issuer, doc };
    return doc;
  }

  private async keys(doc: Discovery, fresh: boolean): Promise<JsonWebKey[]> {
    const j = this.jwks;
    if (!fresh && j && j.uri === doc.jwks_uri && Date.now() - j.at < CACHE_MS) return j.keys;
    const { keys } = await this.fetchJson<{ keys: JsonWebKey[] }>(doc.jwks_uri);
    this.jwks = { at: Date.now(), uri: doc.jwks_uri, keys: keys ?? [] };
    return this.jwks.keys;
  }

  private async fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as T;
      if (!res.ok && !(body as { error?: string }).error) throw new Error(`HTTP ${res.status}`);
      return body;
    } catch (err) {
      throw new OidcError(`${url}: ${(err as Error).message}`);
    }
  }
}
