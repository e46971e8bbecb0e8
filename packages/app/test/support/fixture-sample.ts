import { readFileSync } from 'node:fs';
import { FixtureError } from '../../src/fixtures/fixture-row';
import { readFixture } from '../../src/fixtures/parse-fixture';

/** The import file that docs/import-format.md shows, as text. */
export const SAMPLE_TEXT = readFileSync(new URL('../fixtures/sample.json', import.meta.url), 'utf8');

/** The sample fixture, changed by `edit`; each case breaks one thing. */
export function sample(edit: (doc: any) => void = () => {}): any {
  const doc = JSON.parse(SAMPLE_TEXT);
  edit(doc);
  return doc;
}

/** The message readFixture refuses `doc` with; throws when it accepts it. */
export function problemIn(doc: unknown): string {
  try {
    readFixture(doc);
  } catch (error) {
    if (error instanceof FixtureError) return error.message;
    throw error;
  }
  throw new Error('expected the fixture to be rejected');
}
