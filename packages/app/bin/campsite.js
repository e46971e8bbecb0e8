#!/usr/bin/env node
// The `campsite` command (docs/operations.md). It runs the compiled CLI in dist/, built by `pnpm install` (the
// workspace's `prepare` script) or `pnpm build`; a checkout that was never built gets one line saying so.
try {
  await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/cli/main.js')) throw error;
  process.stderr.write('campsite: not built yet: run `pnpm install` or `pnpm build` in the repository first\n');
  process.exitCode = 1;
}
