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

// One project per package, so each layer's suite can be run alone: `pnpm vitest run --project domain`.
export default defineConfig({
  test: {
    // Finds PostgreSQL once for the whole run and closes it with one line naming every suite that could not run
    // (docs/testing.md).
    globalSetup: ['test-support/global-setup.ts'],
    projects: [
      ...['domain', 'adapters-http', 'adapters-sql', 'app', 'client'].map((name) => ({
        resolve: { alias },
        test: {
          name,
          root: `packages/${name}`,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The domain holds no global state, and a fresh module graph per file costs more than its tests do: its
          // suite stays within seconds, also on a busy two-core machine.
          ...(name === 'domain' ? { isolate: false } : {}),
          // The app's end-to-end tests spawn the real `campsite` command, which runs the compiled dist/: build it first.
          ...(name === 'app' ? { globalSetup: ['test/support/build-workspace.ts', 'test/support/dev-certificate.ts'] } : {}),
        },
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
        test: {
          name: `${name} (plain)`,
          root: `packages/${name}`,
          include: [...include],
          env: { ACCELERATORS: 'off' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          ...(name === 'app' ? { globalSetup: ['test/support/build-workspace.ts', 'test/support/dev-certificate.ts'] } : {}),
        },
      })),
      // The bench's own load generator: its figures are only as good as its reading of every answer.
      { test: { name: 'bench', root: 'bench', include: ['*.test.ts'] } },
      { test: { name: 'test-support', root: 'test-support', include: ['*.test.ts'] } },
      // The repository's own checks, run by `pnpm check` (docs/architecture.md, "Comments and documents").
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
    ],
  },
});
