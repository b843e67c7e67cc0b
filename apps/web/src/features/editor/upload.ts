import type { AttachmentItem, Envelope } from '@forum/contracts';
import { toast } from '@forum/ui';
import { CSRF_COOKIE, readCookie } from '../../app/session.ts';

/** Attachment kinds of `POST attachments` (reference §1.16). */
export const UploadType = { FILE: 0, IMAGE: 1, AUDIO: 2, VIDEO: 3 } as const;

/**
 * Uploads one file as multipart (the `type` field before the file, as the server reads it). The typed dispatcher
 * only speaks JSON, so this is the one place that calls fetch directly; the CSRF header is the same double-submit.
 */
export async function uploadFile(file: File, type: number): Promise<AttachmentItem | null> {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    const res = await fetch(`/api/v3/attachments?type=${type}`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'include',
    });
    const env = (await res.json()) as Envelope<AttachmentItem | null>;
    if (env.Code === 0 && env.Data) return env.Data;
    toast.error(env.Message || String(env.Code));
  } catch (e) {
    toast.error(e instanceof Error ? e.message : String(e));
  }
  return null;
}
