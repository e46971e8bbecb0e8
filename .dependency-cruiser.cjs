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
      name: 'client-knows-only-the-document',
      comment:
        'packages/client is for integrators: it depends on nothing of ours but the published OpenAPI document (its types are generated from it; the drift test reads the document).',
      severity: 'error',
      from: { path: '^packages/client/src' },
      to: { path: '^packages/(domain|adapters-http|adapters-sql|app)/' },
    },
    {
      name: 'client-has-no-runtime-dependencies',
      comment: 'The client needs nothing beyond fetch: no npm package and no Node built-in module.',
      severity: 'error',
      from: { path: '^packages/client/src' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'] },
    },
    {
      name: 'no-circular',
      comment: 'A cycle means two modules can be neither read nor tested apart, and its load order decides what is undefined.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'A source module that nothing imports is dead code or a forgotten entry point. Entry points (tests, bins, scripts, examples, configs, bench) are listed here.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.test\\.ts$',
          '(^|/)test/',
          '\\.d\\.ts$',
          '(^|/)bin/',
          '(^|/)scripts/',
          '(^|/)examples/',
          '^packages/[^/]+/src/index\\.ts$',
          '^packages/[^/]+/src/testing/index\\.ts$',
          '^packages/app/src/cli/main\\.ts$',
          '\\.mjs$',
          '\\.(c|m)?js$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'Production code runs from a production install (pnpm install --prod): it may not need a devDependency. Type-only imports vanish at build time.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src', pathNot: ['\\.test\\.ts$', '^packages/[^/]+/src/testing/'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package a module imports is declared in its own package.json, or a fresh install of that package alone breaks.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'production-never-imports-the-test-kit',
      comment: "The domain's test kit (in-memory adapters, contract suites) imports vitest; production code must not load it.",
      severity: 'error',
      from: { path: '^packages/[^/]+/src', pathNot: ['\\.test\\.ts$', '/testing/'] },
      to: { path: '^packages/domain/src/testing/' },
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
