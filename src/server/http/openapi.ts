// The API describes itself: an OpenAPI document built from the zod schemas every route already
// declares, so it cannot drift from what the server validates and sends.
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { openApiDocumentSchema } from '../../common/schemas/answers';
import { APP_VERSION } from '../app-version';
import type { App } from './types';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Must be registered before any route, since the document is gathered as routes are added.
 * A schema part JSON Schema cannot express (a Date in an answer, a transform) is described as
 * "any value", a Date then as a date-time string, instead of failing the whole document.
 */
export async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Greenroom API', version: APP_VERSION },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  // Public: it describes the shape of requests and answers, nothing about anyone's data.
  app.get(
    OPENAPI_PATH,
    { config: { access: 'public' }, schema: { response: { 200: openApiDocumentSchema } } },
    // Registered above as OpenAPI 3, so the document has the fields an OpenAPI 2 one would lack.
    async () => app.swagger() as z.output<typeof openApiDocumentSchema>,
  );
}
