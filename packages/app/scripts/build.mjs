// Builds dist/, which the `campsite` command and `pnpm start` run (docs/operations.md). The app's own modules are
// bundled into chunks that each command loads only as it needs them; its dependencies stay in node_modules, except
// the few in BUNDLED below.
import { build } from 'esbuild';

/**
 * Small pure-JavaScript libraries that every command loads, each spread over dozens or hundreds of files: node spends
 * more on resolving and reading those files than on running them (tsyringe with reflect-metadata: about 100 ms of CPU
 * from node_modules, 15 ms bundled). They are bundled with whatever they import themselves.
 */
const BUNDLED = new Set(['tsyringe', 'reflect-metadata']);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(path) {
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package the app's own code imports stays external, but for BUNDLED; a bundled package brings its imports. */
const dependenciesOutside = {
  name: 'dependencies-outside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.importer.includes('/node_modules/')) return undefined;
      return BUNDLED.has(packageOf(args.path)) ? undefined : { external: true };
    });
  },
};

const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/index.ts', 'src/cli/main.ts'],
    splitting: true,
    outdir: 'dist',
    outbase: 'src',
    plugins: [dependenciesOutside],
  }),
  // The layout the PDF threads load by file name (src/adapters/pdf/invoice-pdf-renderer.ts).
  build({
    ...common,
    entryPoints: ['src/adapters/pdf/invoice-pdf-layout.mjs'],
    packages: 'external',
    outfile: 'dist/invoice-pdf-layout.mjs',
  }),
]);
