// Reads the one file of a multipart request, for any feature that takes an upload. A file over
// the limit is refused with 413 rather than silently truncated (the global multipart limit is
// 10 MB); a body that is not a complete multipart form is the caller's mistake (400), not a 500.
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

export const FILE_TOO_LARGE = 'File too large';
export const INVALID_UPLOAD = 'Invalid upload';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
  /** Plain form fields sent before the file. */
  fields: Record<string, string>;
}

/** The file sent in `field`; `missing` is the refusal when there is none (or it is elsewhere). */
export async function readUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  missing = 'Please choose a file',
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(missing);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    throw asTooLarge(err) ?? badRequest(INVALID_UPLOAD);
  }
  if (!part || part.fieldname !== field) throw badRequest(missing);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    // Anything else here is the stream ending before the form did (a truncated upload).
    throw asTooLarge(err) ?? badRequest(INVALID_UPLOAD);
  }
  if (part.file.truncated) throw new AppError(413, FILE_TOO_LARGE);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  return { data, filename: part.filename, mimetype: part.mimetype, fields };
}

function asTooLarge(err: unknown): AppError | null {
  const e = err as { code?: string; statusCode?: number };
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413
    ? new AppError(413, FILE_TOO_LARGE)
    : null;
}
