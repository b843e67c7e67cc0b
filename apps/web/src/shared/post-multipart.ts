import { toast } from '@forum/ui';
import { getBrowserApi } from '../app/api.ts';

/**
 * Posts a multipart form (uploads) through the browser's dispatcher, CSRF header included; returns the
 * reply's Data, or null after an error toast with the server's message.
 */
export async function postMultipart<T>(url: string, form: FormData): Promise<T | null> {
  // The client library loads on first use (app/api.ts), so `dataOr` comes with it rather than up front.
  const [api, { dataOr }] = await Promise.all([getBrowserApi(), import('@forum/api-client')]);
  return dataOr(await api.upload<T>(url, form), (message) => toast.error(message));
}
