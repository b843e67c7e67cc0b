import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Code, defineCall } from '@forum/contracts';
import { createApiClient, dataOr, type FetchLike } from './dispatcher.js';
import { toQueryString } from './query-string.js';
import { validateInput } from './validate.js';

const listCall = defineCall({
  method: 'GET',
  path: '/api/v3/thing.list',
  summary: 'test',
  tags: [],
  input: z.object({ page: z.number(), ids: z.array(z.number()).optional() }),
  output: z.object({ ok: z.boolean() }),
});
const createCall = defineCall({
  method: 'POST',
  path: '/api/v3/thing.create',
  summary: 'test',
  tags: [],
  input: z.object({ name: z.string().min(1, { message: 'name is required' }), size: z.number() }),
  output: z.object({ id: z.number() }),
});

const envelope = (Data: unknown, Code = 0) =>
  new Response(JSON.stringify({ Code, Message: '', Data, RequestId: 'r', RequestTime: 't' }), {
    status: Code === 0 ? 200 : 400,
    headers: { 'content-type': 'application/json' },
  });

describe('toQueryString', () => {
  it('serializes arrays with indices and nested objects with brackets', () => {
    expect(toQueryString({ page: 1, filter: { types: [1, 2], sort: 'x y' }, none: undefined })).toBe(
      'page=1&filter[types][0]=1&filter[types][1]=2&filter[sort]=x%20y',
    );
  });
});

describe('validateInput (explicit validator)', () => {
  it('rejects with Parameter Validator Error and only the first error', async () => {
    await expect(validateInput(createCall, { name: '', size: 'x' } as never)).rejects.toThrow(
      'Parameter Validator Error: name: name is required',
    );
  });
  it('resolves for valid input', async () => {
    await expect(validateInput(createCall, { name: 'a', size: 1 })).resolves.toBeUndefined();
  });
});

describe('createApiClient', () => {
  it('sends GET params as a query with indices and credentials included', async () => {
    const fetch = vi.fn<FetchLike>(async () => envelope({ ok: true }));
    const api = createApiClient({ fetch });
    const res = await api.call(listCall, { page: 2, ids: [5, 6] });
    expect(res).toMatchObject({ Code: 0, Data: { ok: true } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v3/thing.list?page=2&ids[0]=5&ids[1]=6');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('sends POST as JSON with the CSRF header', async () => {
    const fetch = vi.fn<FetchLike>(async () => envelope({ id: 1 }));
    const api = createApiClient({ fetch, csrfToken: () => 'tok' });
    await api.call(createCall, { name: 'n', size: 3 });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'n', size: 3 });
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
  });

  it('does not send when validation fails and reports OTHER with the validator message', async () => {
    const fetch = vi.fn<FetchLike>(async () => envelope({ id: 1 }));
    const res = await createApiClient({ fetch }).call(createCall, { name: '', size: 1 });
    expect(fetch).not.toHaveBeenCalled();
    expect(res).toEqual({
      Code: Code.OTHER,
      Message: 'Parameter Validator Error: name: name is required',
      Data: null,
    });
  });

  it('passes server error envelopes through unchanged', async () => {
    const fetch: FetchLike = async () => envelope(null, Code.WRONG_CREDENTIALS);
    const res = await createApiClient({ fetch }).call(createCall, { name: 'a', size: 1 });
    expect(res.Code).toBe(Code.WRONG_CREDENTIALS);
  });

  it('maps a network failure to OTHER "Network Error"', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const res = await createApiClient({ fetch }).call(listCall, { page: 1 });
    expect(res).toEqual({ Code: Code.OTHER, Message: 'Network Error', Data: null });
  });

  it('maps a non-envelope error status to "Request failed with status code N"', async () => {
    const fetch: FetchLike = async () => new Response('<html>bad gateway</html>', { status: 502 });
    const res = await createApiClient({ fetch }).call(listCall, { page: 1 });
    expect(res).toEqual({ Code: Code.OTHER, Message: 'Request failed with status code 502', Data: null });
  });

  it('maps a timeout to TIMEOUT (-500)', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const res = await createApiClient({ fetch, timeoutMs: 20 }).call(listCall, { page: 1 });
    expect(res).toEqual({ Code: Code.TIMEOUT, Message: 'timeout of 20ms exceeded', Data: null });
  });

  it('retries a 5xx up to the configured count, then gives up', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('', { status: 503 }));
    const res = await createApiClient({ fetch, retries5xx: 3 }).call(listCall, { page: 1 });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(res.Code).toBe(Code.OTHER);
  });

  it('stops retrying once a try succeeds', async () => {
    let n = 0;
    const fetch = vi.fn<FetchLike>(async () =>
      ++n < 3 ? new Response('', { status: 500 }) : envelope({ ok: true }),
    );
    const res = await createApiClient({ fetch, retries5xx: 3 }).call(listCall, { page: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(res.Code).toBe(0);
  });

  it('after -4011 tells the app and sends the call once more (the reply cleared the dead cookie)', async () => {
    let n = 0;
    const fetch = vi.fn<FetchLike>(async () =>
      ++n === 1 ? envelope(null, Code.INVALID_TOKEN) : envelope({ ok: true }),
    );
    const onInvalidToken = vi.fn();
    const res = await createApiClient({ fetch, onInvalidToken }).call(listCall, { page: 1 });
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(res).toMatchObject({ Code: 0, Data: { ok: true } });
  });

  it('tries again only once after -4011, and not at all without the hook', async () => {
    const fetch = vi.fn<FetchLike>(async () => envelope(null, Code.INVALID_TOKEN));
    const res = await createApiClient({ fetch, onInvalidToken: () => {} }).call(listCall, { page: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(res.Code).toBe(Code.INVALID_TOKEN);
    fetch.mockClear();
    await createApiClient({ fetch }).call(listCall, { page: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry without retries configured (normal browser calls)', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('', { status: 500 }));
    await createApiClient({ fetch }).call(listCall, { page: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('upload', () => {
  it('posts the form as is (its own multipart type) with the CSRF header, credentials and no timeout', async () => {
    const fetch = vi.fn<FetchLike>(async () => envelope({ value: '/u/a.png' }));
    const api = createApiClient({ fetch, baseUrl: 'http://x', timeoutMs: 5, csrfToken: () => 'tok' });
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    const res = await api.upload<{ value: string }>('/api/backAdmin/settings/logo.upload?type=logo', form);
    expect(res).toMatchObject({ Code: 0, Data: { value: '/u/a.png' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://x/api/backAdmin/settings/logo.upload?type=logo');
    expect(init).toMatchObject({ method: 'POST', body: form, credentials: 'include' });
    const headers = init.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('tok');
    expect(headers['content-type']).toBeUndefined();
    expect(init.signal?.aborted).toBe(false);
  });

  it('answers failures as envelopes, and dataOr reports them once', async () => {
    const refused: FetchLike = async () => envelope(null, Code.INVALID_PARAMETER);
    const down: FetchLike = async () => new Response('<html>bad gateway</html>', { status: 502 });
    const report = vi.fn<(message: string) => void>();
    const form = new FormData();
    const no = await createApiClient({ fetch: refused }).upload('/api/v3/attachments', form);
    expect(dataOr(no, report)).toBeNull();
    expect(report).toHaveBeenLastCalledWith(String(Code.INVALID_PARAMETER));
    const gone = await createApiClient({ fetch: down }).upload('/api/v3/attachments', form);
    expect(dataOr(gone, report)).toBeNull();
    expect(report).toHaveBeenLastCalledWith('Request failed with status code 502');
    expect(dataOr({ Code: 0, Message: '', Data: { id: 1 } }, report)).toEqual({ id: 1 });
    expect(report).toHaveBeenCalledTimes(2);
  });
});

describe('the admin calls of spec §5 are checked before sending', () => {
  it('refuses each rule without a request, and sends a valid payload', async () => {
    const c = await import('@forum/contracts');
    const fetchSpy = vi.fn<FetchLike>(async () => envelope({}));
    const api = createApiClient({ fetch: fetchSpy });
    const bad: Array<[Parameters<typeof validateInput>[0], unknown, string]> = [
      [c.settingsSetV2, { data: [{ key: 'site_name', value: 'text', tag: 'default' }] }, 'value'],
      [c.groupsBatchUpdateV2, { data: [{ id: 11, name: 'a', type: 'b' }] }, 'scale'],
      [c.permissionUpdate, { groupId: '11', permissions: [] }, 'groupId'],
      [c.signInFieldResource, {}, 'id'],
      [c.settingsLogoDelete, {}, 'type'],
      [c.groupCreate, {}, 'name'],
      [c.signInFieldCreate, { name: 'x', type: 0 }, 'sort'],
      [c.settingsGetV2, { key: 'site_name' }, 'tag'],
      [c.groupsBatchDelete, { ids: 3 }, 'ids'],
      [c.groupResource, {}, 'id'],
      [c.settingsLogo, { type: 'logo' }, 'logo'],
      [c.userSignInAnswers, { userId: 3 }, 'userId'],
      [c.notificationTplList, { name: 'x' }, 'typeStatus'],
      [c.notificationTplDetail, {}, 'typeName'],
      [c.signInFieldStatus, { id: 1 }, 'status'],
    ];
    for (const [contract, input, field] of bad) {
      const res = await api.call(contract, input as never);
      // A client-side refusal: the explicit validator's message, nothing sent.
      expect(res.Code, contract.path).toBe(Code.OTHER);
      expect(res.Message, contract.path).toContain('Parameter Validator Error');
      expect(res.Message, contract.path).toContain(field);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    await api.call(c.settingsSetV2, { data: [{ key: 'thread_post_interval', value: 5, tag: 'default' }] });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
