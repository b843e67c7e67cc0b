import { attachmentDownload, attachmentUpload } from '@forum/contracts';
import { invalid } from '../../platform/http/errors.js';
import { readOneFile } from '../../platform/http/upload.js';
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

/** Mounts upload and download. */
export function registerAttachmentsRoutes(route: Route, attachments: AttachmentsService): void {
  route(
    attachmentUpload,
    { auth: 'required', keepsGuestCache: true, payExempt: true },
    async (input, { actor, req }) => {
      // Check the permission for the query's type before reading a byte of the body.
      if (input.type !== undefined) attachments.authorizeUpload(actor, input.type);
      const upload = await readOneFile(req, attachments.maxBytes(), 'file');
      const type = Number(upload.fields.type ?? input.type ?? 1);
      if (!Number.isInteger(type) || type < 0 || type > 4) throw invalid('type must be 0-4');
      return attachments.present(await attachments.upload(actor, type, upload.name, upload.data));
    },
  );

  route(attachmentDownload, { payExempt: true }, async (input, { actor, req, reply }) => {
    const { uuid } = req.params as { uuid: string };
    const thumb = input.thumb === '1' || input.thumb === 'true';
    const { row, key } = await attachments.locate(actor, uuid, thumb);
    // Images, video and audio are shown in the page (<img>, <video>, <audio>); other files download.
    const inline = /^(image|video|audio)\//.test(row.fileType);
    const disposition = contentDisposition(inline ? 'inline' : 'attachment', row.fileName);
    // An object store hands the checked viewer a URL that works for a few minutes (no server bandwidth).
    const signed = await attachments.signedUrl(row, key, disposition);
    if (signed) {
      await reply.redirect(signed, 302);
      return null;
    }
    const stream = await attachments.stream(key);
    reply
      .header('content-type', row.fileType)
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff')
      // Even if a browser rendered a file as a page, it gets no script and no origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    await reply.send(stream);
    return null;
  });
}
