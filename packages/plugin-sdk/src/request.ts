/** A reply of the forum's API: `{Code, Message, Data}` (Code 0 is success). */
export interface PluginReply<T> {
  Code: number;
  Message: string;
  Data: T | null;
}

function csrfToken(): string {
  const hit = document.cookie.split(';').find((c) => c.trim().startsWith('csrf_token='));
  return hit ? decodeURIComponent(hit.trim().slice('csrf_token='.length)) : '';
}

/**
 * Calls one of the plugin's own routes (`/plugin/<name>/api/<path>`) from the browser with the visitor's login
 * and the CSRF header every write needs; GET sends `body` as the query. A network failure answers Code -1.
 */
export async function callPluginApi<T>(
  plugin: string,
  path: string,
  opts: { method?: 'GET' | 'POST'; body?: Record<string, string | number | boolean> } = {},
): Promise<PluginReply<T>> {
  const method = opts.method ?? 'GET';
  let url = `/plugin/${plugin}/api/${path}`;
  const init: RequestInit = { method, credentials: 'include', headers: { accept: 'application/json' } };
  if (method === 'GET') {
    const q = new URLSearchParams(Object.entries(opts.body ?? {}).map(([k, v]) => [k, String(v)]));
    if ([...q].length) url += `?${q}`;
  } else {
    init.headers = { ...init.headers, 'content-type': 'application/json', 'x-csrf-token': csrfToken() };
    init.body = JSON.stringify(opts.body ?? {});
  }
  try {
    return (await (await fetch(url, init)).json()) as PluginReply<T>;
  } catch (e) {
    return { Code: -1, Message: e instanceof Error ? e.message : String(e), Data: null };
  }
}
