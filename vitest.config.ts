import { defineConfig } from 'vitest/config';

// One project per package, so each layer's suite can be run alone: `pnpm vitest run --project domain`.
export default defineConfig({
  test: {
    projects: ['domain', 'adapters-http', 'adapters-sql', 'app'].map((name) => ({
      test: {
        name,
        root: `packages/${name}`,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        testTimeout: 30_000,
        hookTimeout: 120_000,
        // The domain holds no global state, and a fresh module graph per file costs more than its tests do
        // (issue 2: the domain suite runs in under 5 s, also on a busy two-core machine).
        ...(name === 'domain' ? { isolate: false } : {}),
      },
    })),
  },
});
