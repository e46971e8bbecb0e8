import { z } from 'zod';
import { isOptionalField } from '../schemas/drf-fields';
import { components, requestComponents } from '../schemas/responses.schema';

// The zod schemas as JSON Schema for the OpenAPI document: every component once, and a reference to it wherever an
// operation names it (building-blocks.ts).

type JsonSchema = Record<string, unknown>;

/** Strips zod's `$schema`: inside an OpenAPI 3.1 document the dialect is the document's own. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    override: dropOptionalFields,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** A DRF field with a default is optional even though its zod transform accepts `undefined` itself. */
function dropOptionalFields(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = ctx;
  if (!(zodSchema instanceof z.ZodObject) || !Array.isArray(jsonSchema.required)) return;
  const shape = zodSchema.shape as Record<string, z.ZodType>;
  const required = (jsonSchema.required as string[]).filter((name) => shape[name] && !isOptionalField(shape[name]));
  if (required.length > 0) jsonSchema.required = required;
  else delete jsonSchema.required;
}

export function componentSchemas(): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const [registry, io] of [
    [components, 'output'],
    [requestComponents, 'input'],
  ] as const) {
    const { schemas } = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      io,
      uri: (id) => `#/components/schemas/${id}`,
      override: (ctx) => {
        dropOptionalFields(ctx);
        // zod writes the fields' metadata, not a registry's own: a component's description and examples come here.
        const { id: _id, ...meta } = registry.get(ctx.zodSchema as unknown as z.ZodType) ?? {};
        Object.assign(ctx.jsonSchema, meta);
      },
      unrepresentable: 'any',
    }) as { schemas: Record<string, JsonSchema> };
    for (const [name, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(schemas)) all[name] = schema;
  }
  return all;
}

export const ref = (schema: z.ZodType): JsonSchema => {
  const meta = components.get(schema) ?? requestComponents.get(schema);
  if (!meta) throw new Error('an answer schema must be registered in components');
  return { $ref: `#/components/schemas/${meta.id}` };
};
