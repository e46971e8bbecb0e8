/**
 * Dependencies point inward (docs/architecture.md): domain imports nothing of ours and no library; adapters import only the
 * domain; only app sees everything. `pnpm check` (part of `pnpm test`) fails on any violation.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-framework-free',
      comment: 'packages/domain may not import any npm package or node:http (it has zero runtime dependencies).',
      severity: 'error',
      from: { path: '^packages/domain/src', pathNot: '^packages/domain/src/testing/|\\.test\\.ts$' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
      },
    },
    {
      name: 'domain-no-io-frameworks',
      comment: 'No HTTP, database or DI library anywhere in the domain, tests included.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '(^|/)node_modules/(express|zod|pg|better-sqlite3|tsyringe)/|^(node:)?https?$' },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(adapters-http|adapters-sql|app)/' },
    },
    {
      name: 'adapters-do-not-know-each-other',
      severity: 'error',
      from: { path: '^packages/adapters-http/' },
      to: { path: '^packages/(adapters-sql|app)/|(^|/)node_modules/(pg|better-sqlite3|tsyringe)/' },
    },
    {
      name: 'sql-adapter-does-not-know-http',
      severity: 'error',
      from: { path: '^packages/adapters-sql/' },
      to: { path: '^packages/(adapters-http|app)/|(^|/)node_modules/(express|tsyringe)/' },
    },
    {
      name: 'tsyringe-only-in-app',
      severity: 'error',
      from: { pathNot: '^packages/app/' },
      to: { path: '(^|/)node_modules/(tsyringe|reflect-metadata)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    preserveSymlinks: false,
  },
};
