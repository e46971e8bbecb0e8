/**
 * `pnpm campsite …` (OPERATIONS.md): runs the CLI from one ES module compiled from the TypeScript sources, compiled
 * again whenever a source, a package manifest or the installed dependencies are newer than it.
 *
 * Why not tsx at run time: its loader thread and its transpiled copies of every module cost the server about 36 MB of
 * resident memory for as long as it runs (issue 6: peak RSS under load). esbuild, which tsx uses too, compiles the
 * sources here in about a second, once; the server process then holds no compiler at all.
 *
 * Only the workspace's own TypeScript goes into the file. Every npm dependency stays a separate module, imported by
 * the absolute path that module resolution gave at build time, so it runs exactly as installed.
 */
import { createHash } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'packages/app/src/cli/main.ts');
const OUT_DIR = writableOr(join(ROOT, 'packages/app/.build'), join(tmpdir(), `campsite-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`));
const OUT = join(OUT_DIR, 'campsite.mjs');

/** The checkout's own build directory, or one under the temp directory when the checkout is read-only. */
function writableOr(preferred, fallback) {
  try {
    mkdirSync(preferred, { recursive: true });
    accessSync(preferred, constants.W_OK);
    return preferred;
  } catch {
    return fallback;
  }
}
// First line of the module: a checkout copied elsewhere must not run a module that imports from the original's paths.
const BANNER = `// compiled by scripts/campsite.mjs for ${JSON.stringify(ROOT)}`;

function builtHere() {
  const fd = openSync(OUT, 'r');
  try {
    const head = Buffer.alloc(Buffer.byteLength(BANNER));
    readSync(fd, head, 0, head.length, 0);
    return head.toString('utf8') === BANNER;
  } finally {
    closeSync(fd);
  }
}

/** Newest modification time among the inputs of the build. */
function newestInput() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const consider = (path) => {
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) consider(path);
    }
  };
  for (const name of readdirSync(join(ROOT, 'packages'))) {
    const pkg = join(ROOT, 'packages', name);
    consider(join(pkg, 'package.json'));
    if (existsSync(join(pkg, 'src'))) walk(join(pkg, 'src'));
  }
  consider(join(ROOT, 'pnpm-lock.yaml'));
  consider(join(ROOT, 'node_modules/.modules.yaml')); // rewritten by every install
  return newest;
}

/**
 * Workspace sources are bundled; any other bare import is resolved as Node would (esbuild's resolver, `import`
 * conditions, `main` field) and left external under its absolute URL. `import.meta.url` keeps naming the source file
 * it is written in (the migrations are found next to their package that way).
 */
const workspaceOnly = {
  name: 'campsite-workspace-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || args.path.startsWith('@campsite/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: pathToFileURL(found.path).href, external: true };
    });
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

async function compile() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  // Written aside and renamed: several processes starting at once (tests, a second server) never see half a file.
  const temporary = `${OUT}.${process.pid}.tmp`;
  try {
    await build({
      entryPoints: [ENTRY],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      mainFields: ['main'],
      banner: { js: BANNER },
      logLevel: 'error',
      plugins: [workspaceOnly],
    });
    renameSync(temporary, OUT);
  } finally {
    rmSync(temporary, { force: true });
  }
}

if (!existsSync(OUT) || statSync(OUT).mtimeMs < newestInput() || !builtHere()) await compile();
try {
  await import(pathToFileURL(OUT).href);
} catch (error) {
  // A dependency moved since the build (an install the mtimes did not reveal): nothing has run yet, so build again.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  await compile();
  await import(`${pathToFileURL(OUT).href}?rebuilt=${Date.now()}`);
}
