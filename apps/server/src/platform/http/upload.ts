import type { Readable } from 'node:stream';
import { Code } from '@forum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.js';

/** One uploaded file of a multipart request, read whole (up to `maxBytes`), with the fields sent before it. */
export async function readOneFile(
  req: FastifyRequest,
  maxBytes: number,
  what: string,
): Promise<{ data: Buffer; name: string; fields: Record<string, string> }> {
  let part;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw invalid(`${what}: expected multipart/form-data with a file`);
  }
  if (!part) throw invalid(`${what}: a file is required`);
  const fields: Record<string, string> = {};
  for (const [k, f] of Object.entries(part.fields)) {
    if (f && !Array.isArray(f) && f.type === 'field') fields[k] = String(f.value);
  }
  try {
    return { data: await part.toBuffer(), name: part.filename, fields };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(Code.INVALID_PARAMETER, `${what}: the file is too large`, { maxBytes }, 413);
    }
    throw invalid(`${what}: the upload was interrupted`);
  }
}

/** Sends a re-encoded PNG everyone may load (avatars, site pictures): never run, never framed. */
export async function sendPublicPng(reply: FastifyReply, stream: Readable): Promise<null> {
  reply
    .header('content-type', 'image/png')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin');
  await reply.send(stream);
  return null;
}
