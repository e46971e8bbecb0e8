import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, generateTypes } from '../scripts/generate-types';

describe('src/schema.ts', () => {
  it('is what openapi-typescript makes of the document the server publishes (else: pnpm --filter @campsite/client generate)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await generateTypes());
  }, 60_000);
});
