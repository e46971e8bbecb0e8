import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { REPO_ROOT } from '../e2e/harness';

const PACKAGES = ['domain', 'adapters-http', 'adapters-sql', 'app'];

/**
 * Vitest global setup of the app project: runs every package's own `build` script (as `pnpm build` does), so that the
 * end-to-end tests spawn the sources under test and never a stale dist/. Each build takes well under a second.
 */
export default function buildWorkspace(): void {
  const env = { ...process.env, PATH: `${join(REPO_ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
  for (const name of PACKAGES) {
    const dir = join(REPO_ROOT, 'packages', name);
    const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { build: string } };
    execSync(scripts.build, { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
