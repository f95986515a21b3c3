import { z } from 'zod';
import { notFound } from '../../http/errors';
import { idSchema } from '../../http/params';
import type { App } from '../../http/types';
import { readFile } from './store';

export async function fileRoutes(app: App) {
  const { database } = app.deps;

  // Images (logos, pictures, headers). The key in the path is part of the content hash, so ids
  // cannot be enumerated, and the bytes behind one URL never change: cache forever.
  app.get(
    '/files/:id/:key',
    {
      schema: {
        params: z.object({
          id: idSchema,
          key: z.string().max(64),
        }),
      },
    },
    async (request, reply) => {
      const file = await readFile(database, request.params.id);
      if (request.params.key.length < 16 || !file?.sha256.startsWith(request.params.key)) throw notFound();
      const image = file.contentType.startsWith('image/');
      return reply
        .header('content-type', image ? file.contentType : 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', image ? 'inline' : 'attachment')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
}
