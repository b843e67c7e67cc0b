import type { AttachmentItem } from '@forum/contracts';
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
