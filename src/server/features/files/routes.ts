import { z } from 'zod';
import { notFound } from '../../http/errors';
import { idSchema } from '../../http/params';
import { bytesAnswer } from '../../../common/schemas/answers';
import type { App } from '../../http/types';
import { readFile, STORED_IMAGE_TYPES } from './store';

export async function fileRoutes(app: App) {
  const { database } = app.deps;

  // Images (logos, pictures, headers). The key in the path is part of the content hash, so ids
  // cannot be enumerated, and the bytes behind one URL never change: cache forever.
  app.get(
    '/files/:id/:key',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({
          id: idSchema,
          key: z.string().max(64),
        }),
        response: {
          200: bytesAnswer('image/*', 'A stored image (logo, picture, header), re-encoded on upload'),
        },
      },
    },
    async (request, reply) => {
      const file = await readFile(database, request.params.id);
      if (request.params.key.length < 16 || !file?.sha256.startsWith(request.params.key)) throw notFound();
      // Only re-encoded images are public here. Other stored bytes (team files) go out through
      // their feature's route, to members only: the key is part of the content's hash, so anyone
      // who can guess a file's content could otherwise fetch it by walking the ids.
      if (!STORED_IMAGE_TYPES.has(file.contentType)) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
}
