import { healthSchema, readinessSchema } from '../schemas/responses.schema';
import { DOCS_ASSETS, DOCS_PATH, GUIDES_PATH, OPENAPI_PATH, type OperationSpec, answer, ref, shared } from './building-blocks';

/** The service's own paths outside /api/v1/public/: probes, this document and its reference page (no key needed). */
export function serviceOperations(): OperationSpec[] {
  return [
    {
      method: 'get',
      path: '/healthz',
      operationId: 'getHealth',
      tag: 'Service',
      summary: 'Liveness probe',
      description: 'Answers without authentication, also over plain HTTP, so that probes need no key.',
      scope: null,
      responses: { '200': answer('The process is alive.', { schema: ref(healthSchema) }) },
    },
    {
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      tag: 'Service',
      summary: 'Readiness probe',
      description: 'Whether the database answers within 2 s. No authentication, also over plain HTTP.',
      scope: null,
      responses: {
        '200': answer('Ready to serve.', { schema: ref(readinessSchema), examples: { ready: { status: 'ready' } } }),
        '503': answer('The database did not answer in time; send traffic elsewhere.', {
          schema: ref(readinessSchema),
          examples: { unavailable: { status: 'unavailable' } },
        }),
      },
    },
    {
      method: 'get',
      path: OPENAPI_PATH,
      operationId: 'getOpenApiDocument',
      tag: 'Service',
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the service. No authentication; HTTPS only.',
      scope: null,
      responses: {
        '200': answer('The document.', { schema: { type: 'object' } }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
      },
    },
    {
      method: 'get',
      path: DOCS_PATH,
      operationId: 'getApiReference',
      tag: 'Service',
      summary: 'API reference page',
      description:
        'A human-readable reference rendered from this document. No authentication; HTTPS only; it loads nothing from outside the service.',
      scope: null,
      responses: {
        '200': answer('The reference page.', { schema: { type: 'string' }, mediaType: 'text/html' }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
      },
    },
    {
      method: 'get',
      path: `${DOCS_PATH}/assets/{asset}`,
      operationId: 'getApiReferenceAsset',
      tag: 'Service',
      summary: 'A file of the reference page or the guides',
      description: "The reference renderer's script and stylesheet, and the guides' stylesheet, served by this service itself.",
      scope: null,
      pathParameters: [
        {
          name: 'asset',
          in: 'path',
          required: true,
          description: 'A file name the reference page or the guides use.',
          schema: { type: 'string', enum: [...DOCS_ASSETS] },
        },
      ],
      responses: {
        '200': answer('The file.', {
          schema: { type: 'string' },
          mediaType: 'text/javascript',
          extraMediaTypes: ['text/css'],
        }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
        // A name outside the list is an unknown path.
        '404': shared('NotFound'),
      },
    },
    {
      method: 'get',
      path: GUIDES_PATH,
      operationId: 'getGuides',
      tag: 'Service',
      summary: 'The guides',
      description: 'The index of the integrator guides, with the reference. No authentication; HTTPS only; plain HTML, no script.',
      scope: null,
      responses: {
        '200': answer('The index page.', { schema: { type: 'string' }, mediaType: 'text/html' }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
      },
    },
    {
      method: 'get',
      path: `${GUIDES_PATH}{guide}/`,
      operationId: 'getGuide',
      tag: 'Service',
      summary: 'A guide',
      description: 'One integrator guide, its links leading to the other guides served here. No authentication; HTTPS only.',
      scope: null,
      pathParameters: [
        {
          name: 'guide',
          in: 'path',
          required: true,
          // Not an enum: which guides there are is the docs' business (docs/README.md), not the API's.
          description: 'The name of a guide, as the index lists it.',
          schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
          example: 'webhooks',
        },
      ],
      responses: {
        '200': answer('The guide.', { schema: { type: 'string' }, mediaType: 'text/html' }),
        '400': shared('InvalidHost'),
        '403': shared('Forbidden'),
        // A name outside the list is an unknown path.
        '404': shared('NotFound'),
      },
    },
  ];
}
