import type { AttachmentItem } from '@forum/contracts';
import { toast } from '@forum/ui';
import { CSRF_COOKIE, readCookie } from '../../app/session.ts';
import { postMultipart } from '../../shared/post-multipart.ts';

/** Attachment kinds of `POST attachments` (reference §1.16). */
export const UploadType = { FILE: 0, IMAGE: 1, AUDIO: 2, VIDEO: 3 } as const;

/** Uploads one file as multipart (the `type` field before the file, as the server reads it). */
export function uploadFile(file: File, type: number): Promise<AttachmentItem | null> {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file, file.name);
  return postMultipart<AttachmentItem>(`/api/v3/attachments?type=${type}`, form);
}

/**
 * Uploads one file like {@link uploadFile} but through XMLHttpRequest, whose upload events report progress (fetch has
 * none): `onProgress` gets 0–100. Errors are toasted with the server's message; the result is then null.
 */
export function uploadWithProgress(
  file: File,
  type: number,
  onProgress: (percent: number) => void,
): Promise<AttachmentItem | null> {
  const form = new FormData();
  form.append('type', String(type));
  form.append('file', file, file.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const fail = (message: string) => {
      toast.error(message);
      resolve(null);
    };
    xhr.open('POST', `/api/v3/attachments?type=${type}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', document.documentElement.lang === 'en' ? 'en' : 'zh-CN');
    const csrf = readCookie(document.cookie, CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => fail('Network Error');
    xhr.onload = () => {
      let reply: { Code?: number; Message?: string; Data?: AttachmentItem } = {};
      try {
        reply = JSON.parse(xhr.responseText) as typeof reply;
      } catch {
        return fail(`Request failed with status code ${xhr.status}`);
      }
      if (reply.Code === 0 && reply.Data) {
        onProgress(100);
        resolve(reply.Data);
      } else fail(reply.Message || String(reply.Code));
    };
    xhr.send(form);
  });
}
