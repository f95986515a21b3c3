// Uploaded bytes, kept in PostgreSQL so every instance serves them. Images are always
// decoded and re-encoded by sharp: metadata is stripped and polyglot files lose their payload.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { AppError } from '../../http/errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;

export const INVALID_IMAGE = 'Please upload an image file (JPG, PNG, GIF, WebP).';
/** What storeImage writes: the only content types /files/{id}/{key} serves. */
export const STORED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface StoredFile {
  id: number;
  url: string;
  contentType: string;
  byteSize: number;
}

const fileUrl = (id: number, sha256: string) => `/files/${id}/${sha256.slice(0, 16)}`;

async function insert(
  database: Database,
  organizationId: number | null,
  createdBy: number | null,
  contentType: string,
  data: Buffer,
): Promise<StoredFile> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const [row] = await database.db
    .insert(storedFiles)
    .values({ organizationId, contentType, byteSize: data.length, sha256, data, createdBy })
    .returning({ id: storedFiles.id });
  return { id: row.id, url: fileUrl(row.id, sha256), contentType, byteSize: data.length };
}

export interface ImageOptions {
  organizationId: number | null;
  createdBy: number | null;
  /** Longest width kept; larger images are scaled down. */
  maxWidth?: number;
  maxBytes?: number;
}

/** Decodes by content (never by the client's content type) and re-encodes; refuses non-images. */
export async function storeImage(database: Database, input: Buffer, opts: ImageOptions): Promise<StoredFile> {
  if (input.length > (opts.maxBytes ?? MAX_IMAGE_BYTES)) throw new AppError(413, 'File too large');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new AppError(400, INVALID_IMAGE);
  }
  if (!format || !['jpeg', 'png', 'gif', 'webp'].includes(format)) throw new AppError(400, INVALID_IMAGE);
  let pipeline = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  if (opts.maxWidth) pipeline = pipeline.resize({ width: opts.maxWidth, withoutEnlargement: true });
  // PNG (and GIF, which may carry transparency) stay lossless; photos become JPEG or WebP.
  const out =
    format === 'jpeg'
      ? { data: await pipeline.jpeg({ quality: 90 }).toBuffer(), type: 'image/jpeg' }
      : format === 'webp'
        ? { data: await pipeline.webp({ quality: 90 }).toBuffer(), type: 'image/webp' }
        : { data: await pipeline.png().toBuffer(), type: 'image/png' };
  return insert(database, opts.organizationId, opts.createdBy, out.type, out.data);
}

/** Any file kept as-is (team assets); served only as a download, never rendered inline. */
export async function storeFile(
  database: Database,
  input: Buffer,
  opts: { organizationId: number; createdBy: number | null; contentType?: string },
): Promise<StoredFile> {
  if (input.length > MAX_FILE_BYTES) throw new AppError(413, 'File too large');
  return insert(database, opts.organizationId, opts.createdBy, 'application/octet-stream', input);
}

/** The bytes (a Buffer on both drivers: the schema's bytea type makes one) and what they are. */
export async function readFile(database: Database, id: number) {
  const [row] = await database.db
    .select({
      contentType: storedFiles.contentType,
      data: storedFiles.data,
      sha256: storedFiles.sha256,
      organizationId: storedFiles.organizationId,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, id));
  return row ?? null;
}

export async function deleteFile(database: Database, id: number) {
  await database.db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** The stored file id inside a /files/{id}/{key} URL, or null for anything else. */
export function fileIdFromUrl(url: string | null | undefined): number | null {
  const m = /^\/files\/(\d+)\//.exec(url ?? '');
  return m ? Number(m[1]) : null;
}
