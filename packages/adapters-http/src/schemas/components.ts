import { z } from 'zod';

/**
 * The public JSON answers as zod schemas (responses.schema.ts). The presenters are typed against them (presenters.ts),
 * the error handler's bodies against the error schemas, and the OpenAPI document (openapi/document.ts) is generated
 * from them, so the document, the types and what the server sends cannot drift apart. Every schema registered here is
 * a component of the document (`#/components/schemas/<id>`).
 */
export const components = z.registry<ComponentMeta>();
/** Request bodies: described as the input they accept (`components` describes answers as the output they are). */
export const requestComponents = z.registry<ComponentMeta>();

interface ComponentMeta {
  id: string;
  description?: string;
  examples?: unknown[];
}
