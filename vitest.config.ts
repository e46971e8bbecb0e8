import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`packages/${path}`, import.meta.url));

// Tests run the TypeScript sources; the packages' manifests point plain `node` at their compiled dist/ instead.
const alias = [
  { find: /^@campsite\/domain\/testing$/, replacement: source('domain/src/testing/index.ts') },
  { find: /^@campsite\/adapters-http\/testing$/, replacement: source('adapters-http/src/testing/index.ts') },
  ...['domain', 'adapters-http', 'adapters-sql', 'app'].map((name) => ({
    find: new RegExp(`^@campsite/${name}$`),
    replacement: source(`${name}/src/index.ts`),
  })),
];

// A test file shares its worker's module cache with the files before it in the same project: loading Express, zod
// and the adapters again for each of 250 files took more time than their tests did. Nothing a test file changes
// outlives it: servers, databases and environment variables are set up and undone per file, and each project (the
// plain pass included) has workers of its own. Every project takes this.
const shared = { isolate: false } as const;

/** What a package's project and its plain pass share. */
const packageTests = (name: string) => ({
  ...shared,
  root: `packages/${name}`,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // The app's end-to-end tests spawn the real `campsite` command, which runs the compiled dist/: build it first.
  ...(name === 'app' ? { globalSetup: ['test/support/build-workspace.ts', 'test/support/dev-certificate.ts'] } : {}),
});

// One project per package, so each layer's suite can be run alone: `pnpm vitest run --project domain`.
export default defineConfig({
  test: {
    // Two test files at once even on two cores (vitest's own default there is one): most files spend their time
    // waiting for a server process, PostgreSQL or a timer, so the second core would otherwise sit idle
    // (docs/testing.md, "How long a run takes").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Finds PostgreSQL once for the whole run and closes it with one line naming every suite that could not run
    // (docs/testing.md).
    globalSetup: ['test-support/global-setup.ts'],
    projects: [
      ...['domain', 'adapters-http', 'adapters-sql', 'app', 'client'].map((name) => ({
        resolve: { alias },
        test: { ...packageTests(name), name, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      })),
      // The plain pass (docs/testing.md): the contract, HTTP and end-to-end suites again with every accelerator off
      // (ACCELERATORS=off), on SQLite, so that each shortcut is proven to give what the plain path gives.
      ...(
        [
          ['adapters-sql', ['test/sqlite.contract.test.ts']],
          ['adapters-http', ['test/**/*.test.ts']],
          [
            'app',
            ['test/e2e/**/*.test.ts', 'test/conditional-requests.test.ts', 'test/idempotency.test.ts', 'test/invoice-documents.test.ts'],
          ],
        ] as const
      ).map(([name, include]) => ({
        resolve: { alias },
        test: { ...packageTests(name), name: `${name} (plain)`, include: [...include], env: { ACCELERATORS: 'off' } },
      })),
      // The bench's own load generator: its figures are only as good as its reading of every answer.
      { test: { ...shared, name: 'bench', root: 'bench', include: ['*.test.ts'] } },
      { test: { ...shared, name: 'test-support', root: 'test-support', include: ['*.test.ts'] } },
      // The repository's own checks, run by `pnpm check` (docs/architecture.md, "Comments and documents").
      { test: { ...shared, name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
    ],
  },
});
