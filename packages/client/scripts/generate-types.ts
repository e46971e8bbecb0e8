/**
 * Writes src/schema.ts: the TypeScript types of the published OpenAPI document, made by openapi-typescript.
 *
 *   pnpm --filter @campsite/client generate
 *
 * The document comes from the same builder that serves GET /openapi.json; plain node resolves the builder's package to
 * its compiled dist/, so the script rebuilds the packages it depends on first. test/schema-drift.test.ts fails when the
 * committed file differs from what this would write, so run it after any change to the API's schemas.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@campsite/adapters-http';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.ts', import.meta.url));

const HEADER = `/**
 * Generated from the service's OpenAPI document (GET /openapi.json) by openapi-typescript. Do not edit:
 * run \`pnpm --filter @campsite/client generate\` instead.
 */

`;

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(JSON.stringify(buildOpenApiDocument()), { alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, await generateTypes());
  console.log(`wrote ${SCHEMA_FILE}`);
}
