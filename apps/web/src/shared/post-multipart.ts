import type { Envelope } from '@forum/contracts';
import { toast } from '@forum/ui';
import { CSRF_COOKIE, readCookie } from '../app/session.ts';

/**
 * Posts a multipart form (uploads: the typed dispatcher speaks JSON only) with the CSRF double-submit header;
 * returns the reply's Data, or null after an error toast with the server's message.
 */
export async function postMultipart<T>(url: string, form: FormData): Promise<T | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    const res = await fetch(url, { method: 'POST', body: form, headers, credentials: 'include' });
    const env = (await res.json()) as Envelope<T | null>;
    if (env.Code === 0 && env.Data) return env.Data;
    toast.error(env.Message || String(env.Code));
  } catch (e) {
    toast.error(e instanceof Error ? e.message : String(e));
  }
  return null;
}
