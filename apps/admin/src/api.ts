import { createApiClient, dataOr, type ApiClient } from '@forum/api-client';
import type { CallContract, CallInput, CallOutput } from '@forum/contracts';
import { toast } from '@forum/ui';

function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** The admin app's dispatcher: same-origin fetch with the login cookie and the CSRF double-submit header. */
export const api: ApiClient = createApiClient({
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 30000,
  csrfToken: () => cookie('csrf_token'),
});

/** The site language the member chose (the public site's cookie); Chinese by default. */
export const lang: 'zh' | 'en' = cookie('forum_lang') === 'en' ? 'en' : 'zh';

/** Runs a call; a failure becomes an error toast with the server's message, and null. */
export async function run<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C> | null> {
  const res = await api.call(contract, input);
  if (res.Code === 0) return res.Data as CallOutput<C>;
  toast.error(res.Message || String(res.Code));
  return null;
}

/** Posts one file as multipart (field `file`); the reply's Data, or null after a toast. */
export async function postFile<T>(url: string, file: File): Promise<T | null> {
  const form = new FormData();
  form.append('file', file, file.name);
  return dataOr(await api.upload<T>(url, form), (message) => toast.error(message));
}
