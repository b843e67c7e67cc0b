import { attachmentDownload, attachmentUpload, Code } from '@forum/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import type { AttachmentsService } from './attachments.service.js';

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987); quotes cannot break out. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

async function readUpload(req: FastifyRequest, maxBytes: number) {
  let part;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw invalid('expected multipart/form-data with a file');
  }
  if (!part) throw invalid('file is required');
  const field = part.fields.type;
  const typeField =
    field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  try {
    const data = await part.toBuffer();
    return { data, name: part.filename, typeField };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(Code.INVALID_PARAMETER, 'the file is too large', { maxBytes }, 413);
    }
    throw invalid('the upload was interrupted');
  }
}

/** Mounts upload and download. */
export function registerAttachmentsRoutes(route: Route, attachments: AttachmentsService): void {
  route(attachmentUpload, { auth: 'required', keepsGuestCache: true }, async (input, { actor, req }) => {
    // Check the permission for the query's type before reading a byte of the body.
    if (input.type !== undefined) attachments.authorizeUpload(actor, input.type);
    const upload = await readUpload(req, attachments.maxBytes());
    const type = Number(upload.typeField ?? input.type ?? 1);
    if (!Number.isInteger(type) || type < 0 || type > 4) throw invalid('type must be 0-4');
    return attachments.present(await attachments.upload(actor, type, upload.name, upload.data));
  });

  route(attachmentDownload, {}, async (input, { actor, req, reply }) => {
    const { uuid } = req.params as { uuid: string };
    const thumb = input.thumb === '1' || input.thumb === 'true';
    const { row, stream } = await attachments.open(actor, uuid, thumb);
    // Images, video and audio are shown in the page (<img>, <video>, <audio>); other files download.
    const inline = /^(image|video|audio)\//.test(row.fileType);
    reply
      .header('content-type', row.fileType)
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.fileName))
      .header('x-content-type-options', 'nosniff')
      // Even if a browser rendered a file as a page, it gets no script and no origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    await reply.send(stream);
    return null;
  });
}
