import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { KEY_PEPPER, loadServerSecret } from '../src/server-secrets';

// docs/operations.md, "Server secrets": KEY_PEPPER itself, KEY_PEPPER_FILE, or a development file under ./data/.

const quiet = { warn: () => {} };
const dir = () => mkdtempSync(join(tmpdir(), 'campsite-secrets-'));

describe('loadServerSecret', () => {
  it('takes the configured value as it is', async () => {
    expect(await loadServerSecret(KEY_PEPPER, { value: 'x'.repeat(40) }, quiet, dir())).toBe('x'.repeat(40));
  });

  it('reads the configured file, trimmed, and refuses a missing or short one naming the variable', async () => {
    const cwd = dir();
    const file = join(cwd, 'pepper');
    writeFileSync(file, `${'p'.repeat(33)}\n`);
    expect(await loadServerSecret(KEY_PEPPER, { file }, quiet, cwd)).toBe('p'.repeat(33));
    writeFileSync(file, 'short\n');
    await expect(loadServerSecret(KEY_PEPPER, { file }, quiet, cwd)).rejects.toThrow(
      new ConfigError('KEY_PEPPER_FILE', `${file} must hold at least 32 characters`),
    );
    await expect(loadServerSecret(KEY_PEPPER, { file: join(cwd, 'absent') }, quiet, cwd)).rejects.toMatchObject({
      variable: 'KEY_PEPPER_FILE',
    });
  });

  it('generates a development file once, readable by its owner only, says so, and every later start reuses it', async () => {
    const cwd = dir();
    const warnings: string[] = [];
    const logger = { warn: (_fields: object, message: string) => warnings.push(message) };
    const first = await loadServerSecret(KEY_PEPPER, null, logger, cwd);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(cwd, 'data', 'key-pepper');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('KEY_PEPPER');
    expect(warnings[0]).not.toContain(first);
    expect(await loadServerSecret(KEY_PEPPER, null, logger, cwd)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(warnings).toHaveLength(1);
  });

  it('gives processes that start at once the same generated secret', async () => {
    const cwd = dir();
    const all = await Promise.all(Array.from({ length: 8 }, () => loadServerSecret(KEY_PEPPER, null, quiet, cwd)));
    expect(new Set(all).size).toBe(1);
  });
});
