import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The package's README shows the mirror example verbatim; the end-to-end suite runs the file (app/test/e2e/client.test.ts).
describe('the client README', () => {
  it('shows packages/client/examples/mirror.ts exactly as the file the tests run', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('../examples/mirror.ts', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
