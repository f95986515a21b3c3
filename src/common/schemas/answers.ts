// What many routes' answers share: the plain `{message}`, the empty 204, and the answers that are
// not JSON (an export, a feed, a stylesheet, an image). Those are described by their content type,
// so /api/openapi.json names what each route sends; the route sends them as made, and fastify
// serializes neither a string with its own content type nor bytes, so the schema changes nothing.
import { z } from 'zod';
import './messages';

export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** A 204: the document then describes the answer without any content. */
export const noContent = z.undefined().describe('No content');

/** Text in one content type (CSV, iCalendar, CSS), sent as the route made it. */
export const textAnswer = <T extends string>(type: T, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } } as Record<T, { schema: z.ZodString }>,
});

const bytes = z
  .custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });

/** Bytes (an image, a stored file), sent as they are kept. */
export const bytesAnswer = <T extends string>(type: T, description: string) => ({
  description,
  content: { [type]: { schema: bytes } } as Record<T, { schema: typeof bytes }>,
});

/** GET /api/openapi.json: an OpenAPI 3 document; what lies past these fields is OpenAPI's own. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
