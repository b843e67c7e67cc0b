import { z } from 'zod';
import { defineCall } from './call.js';

/** An uploaded file as clients see it (reference §1.16). */
export const attachmentItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** 0 file, 1 image, 2 audio, 3 video, 4 message image. */
  type: z.number().int(),
  typeId: z.number().int().nullable(),
  order: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  isApproved: z.number().int(),
  createdAt: z.string(),
});
/** An attachment. */
export type AttachmentItem = z.infer<typeof attachmentItem>;

/** `POST attachments` (multipart: `type` field first, then `file`). */
export const attachmentUpload = defineCall({
  method: 'POST',
  path: '/api/v3/attachments',
  summary: 'Upload a file or image (multipart/form-data: type, file)',
  tags: ['attachments'],
  input: z.object({ type: z.coerce.number().int().min(0).max(4).optional() }),
  output: attachmentItem,
});

/** `GET attachments/:uuid`: the bytes (not an envelope); `thumb=1` for an image's thumbnail. */
export const attachmentDownload = defineCall({
  method: 'GET',
  path: '/api/v3/attachments/:uuid',
  summary: 'Download an attachment (access follows the visibility of what it is attached to)',
  tags: ['attachments'],
  input: z.object({ thumb: z.string().max(5).optional() }),
  output: z.unknown(),
});
