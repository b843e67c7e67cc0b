import { Code, type CallContract, type CallInput, type CallOutput, type Envelope } from '@forum/contracts';
import { toQueryString, type QueryValue } from './query-string.js';
import { validateInput } from './validate.js';

/** The subset of `fetch` the client needs; the server plugs in an `app.inject()` adapter here. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** How the dispatcher is wired for one environment (browser or server render). */
export interface ApiClientOptions {
  /** Real fetch in the browser; an in-process adapter during SSR. */
  fetch: FetchLike;
  /** Prefix for call paths ('' for same origin). */
  baseUrl?: string;
  /** Request timeout in ms; 0 means none (spec §9 lists 0, 1000 and 30000 by client variant). */
  timeoutMs?: number;
  /** Extra tries on a 5xx reply (spec §7: up to 3 while loading page data for the first render). */
  retries5xx?: number;
  /** Value for the `x-csrf-token` header on writes (double-submit cookie). */
  csrfToken?: () => string | undefined;
  /** Headers added to every call (SSR forwards the visitor's cookie and language). */
  headers?: () => Record<string, string>;
  /**
   * Called when the server refused the login as no longer valid (-4011). The browser's cookie was cleared by
   * that reply, so the call is sent once more, as a guest: a dead session degrades to a guest's view instead of
   * failing every page.
   */
  onInvalidToken?: () => void;
}

/** Result of every call: the server's envelope, or `{Code, Message, Data: null}` for client-side failures. */
export type CallResult<T> = Envelope<T | null>;

/** Options for one call. */
export interface CallOptions {
  /** Abort signal from the caller (route loaders pass theirs). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

const TIMEOUT_PATTERN = /timeout of \d+ms exceeded/;

/** Maps any thrown failure to the envelope: TIMEOUT (-500) for the timeout message, OTHER (-1) otherwise. */
export function failureEnvelope(error: unknown): CallResult<never> {
  const message = error instanceof Error ? error.message : String(error);
  return { Code: TIMEOUT_PATTERN.test(message) ? Code.TIMEOUT : Code.OTHER, Message: message, Data: null };
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { Code?: unknown }).Code === 'number';
}

/** The one dispatcher of spec §7: validates, sends with credentials, and always resolves to an envelope. */
export interface ApiClient {
  /** Runs one call described by a contract. */
  call<C extends CallContract>(
    contract: C,
    input: CallInput<C>,
    options?: CallOptions,
  ): Promise<CallResult<CallOutput<C>>>;
  /**
   * Posts a multipart form (uploads: contracts describe JSON calls) with credentials and the CSRF header;
   * no timeout unless the options give one, since a large file may take long.
   */
  upload<T>(path: string, form: FormData, options?: CallOptions): Promise<CallResult<T>>;
}

/** The Data of a successful reply, or null after `report` got the failure's message (the apps toast it). */
export function dataOr<T>(res: CallResult<T>, report: (message: string) => void): T | null {
  if (res.Code === 0 && res.Data) return res.Data;
  report(res.Message || String(res.Code));
  return null;
}

/** Builds the dispatcher for an environment. */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const baseUrl = opts.baseUrl ?? '';

  /** One request of a call: the query string for reads, a JSON body for writes. */
  function once(contract: CallContract, input: unknown, options: CallOptions): Promise<Response> {
    if (contract.method === 'GET') {
      const qs = toQueryString((input ?? {}) as Record<string, QueryValue>);
      return send('GET', contract.path + (qs ? `?${qs}` : ''), undefined, options);
    }
    return send(contract.method, contract.path, JSON.stringify(input ?? {}), options);
  }

  /** Sends one request with the client's headers (and the CSRF one on writes), under the timeout. */
  async function send(
    method: string,
    path: string,
    body: string | FormData | undefined,
    options: CallOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers?.() };
    const url = baseUrl + path;
    if (method !== 'GET') {
      // A FormData body sets its own multipart content type (with the boundary).
      if (typeof body === 'string') headers['content-type'] = 'application/json';
      const csrf = opts.csrfToken?.();
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    const timeoutMs = options.timeoutMs ?? opts.timeoutMs ?? 0;
    const controller = new AbortController();
    const onAbort = () => controller.abort(new Error('Request aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout =
      timeoutMs > 0
        ? new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              const err = new Error(`timeout of ${timeoutMs}ms exceeded`);
              controller.abort(err);
              reject(err);
            }, timeoutMs);
          })
        : null;
    try {
      const request = opts
        .fetch(url, {
          method,
          headers,
          body,
          credentials: 'include',
          signal: controller.signal,
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) throw controller.signal.reason as Error;
          throw new Error('Network Error', { cause: err });
        });
      return await (timeout ? Promise.race([request, timeout]) : request);
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async call(contract, input, options = {}) {
      try {
        await validateInput(contract, input);
        let tries = 0;
        let loginDropped = false;
        for (;;) {
          const res = await once(contract, input, options);
          if (res.status >= 500 && tries < (opts.retries5xx ?? 0)) {
            tries += 1;
            continue;
          }
          const envelope = await envelopeOf(res);
          if (envelope.Code === Code.INVALID_TOKEN && opts.onInvalidToken && !loginDropped) {
            loginDropped = true;
            opts.onInvalidToken();
            continue;
          }
          return envelope as CallResult<CallOutput<typeof contract>>;
        }
      } catch (error) {
        return failureEnvelope(error);
      }
    },
    async upload<T>(path: string, form: FormData, options: CallOptions = {}) {
      try {
        const res = await send('POST', path, form, { timeoutMs: 0, ...options });
        return (await envelopeOf(res)) as CallResult<T>;
      } catch (error) {
        return failureEnvelope(error);
      }
    },
  };
}

/** The envelope of a reply; the server always answers with one, whatever the status, so anything else throws. */
async function envelopeOf(res: Response): Promise<Envelope<unknown>> {
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (isEnvelope(parsed)) return parsed;
  throw new Error(res.ok ? 'Invalid response' : `Request failed with status code ${res.status}`);
}
