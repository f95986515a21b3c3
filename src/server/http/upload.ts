// Reads the one file of a multipart request. A file over the limit is refused with 413 rather
// than silently truncated (the global multipart limit is 10 MB).
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';
import type { UploadedFile } from './service';

export const FILE_TOO_LARGE = 'File too large';

export async function readUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest('Please choose a file');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    throw asTooLarge(err) ?? badRequest('Invalid upload');
  }
  if (!part || part.fieldname !== field) throw badRequest('Please choose a file');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw asTooLarge(err) ?? err;
  }
  if (part.file.truncated) throw new AppError(413, FILE_TOO_LARGE);
  return { data, filename: part.filename, mimetype: part.mimetype };
}

function asTooLarge(err: unknown): AppError | null {
  const e = err as { code?: string; statusCode?: number };
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413
    ? new AppError(413, FILE_TOO_LARGE)
    : null;
}
