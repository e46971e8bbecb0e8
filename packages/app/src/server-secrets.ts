import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from './config';
import { DEV_CERT_DIRECTORY } from './tls';

/** One of the server's own secrets, and where it comes from when neither its variable nor its file variable is set. */
export interface ServerSecret {
  /** The variable that gives it itself, and the one that names a file holding it (e.g. KEY_PEPPER, KEY_PEPPER_FILE). */
  variable: string;
  fileVariable: string;
  /** The file generated under `./data/` for development. */
  developmentFile: string;
  /** What it protects, for the warning a generated one logs. */
  purpose: string;
}

/**
 * The secret's text: the configured value, the content of the configured file (trimmed), or a development file under
 * `./data/` (docs/operations.md, "Server secrets"), made once with 32 random bytes and reused. A generated file is
 * created exclusively, so processes starting at once (workers) all end up with the first one's. Every process that
 * serves one database must share the secret: a generated one only does so when they start in the same directory.
 * @throws ConfigError when the configured file cannot be read or is empty
 */
export async function loadServerSecret(
  secret: ServerSecret,
  configured: { value: string } | { file: string } | null,
  logger: { warn(fields: object, message: string): void },
  cwd = process.cwd(),
): Promise<string> {
  if (configured !== null && 'value' in configured) return configured.value;
  if (configured !== null) {
    let text: string;
    try {
      text = (await readFile(configured.file, 'utf8')).trim();
    } catch (error) {
      throw new ConfigError(
        secret.fileVariable,
        `cannot read ${configured.file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
    if (text.length < 32) throw new ConfigError(secret.fileVariable, `${configured.file} must hold at least 32 characters`);
    return text;
  }
  const directory = resolve(cwd, DEV_CERT_DIRECTORY);
  const file = join(directory, secret.developmentFile);
  await mkdir(directory, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    logger.warn(
      { file },
      `generated ${file} for ${secret.purpose}; set ${secret.variable} or ${secret.fileVariable} in production, the same for ` +
        'every process that serves this database',
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}

export const KEY_PEPPER: ServerSecret = {
  variable: 'KEY_PEPPER',
  fileVariable: 'KEY_PEPPER_FILE',
  developmentFile: 'key-pepper',
  purpose: "the pepper of the API keys' fast verifiers",
};

export const SECRETS_KEY: ServerSecret = {
  variable: 'SECRETS_KEY',
  fileVariable: 'SECRETS_KEY_FILE',
  developmentFile: 'secrets-key',
  purpose: 'the key that seals webhook signing secrets at rest',
};

/**
 * The sealing keys in `text`: a comma-separated list of 32-byte keys, each as 64 hex digits or in base64 (or
 * base64url), the first sealing and all of them opening. A refused key is never echoed.
 * @throws ConfigError naming `variable` (or its file variable, when `fromFile`)
 */
export function sealingKeysOf(text: string, fromFile: boolean): Buffer[] {
  const variable = fromFile ? SECRETS_KEY.fileVariable : SECRETS_KEY.variable;
  return text.split(',').map((part, i) => {
    const value = part.trim();
    const key = /^[0-9a-fA-F]{64}$/.test(value)
      ? Buffer.from(value, 'hex')
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
        ? Buffer.from(value, 'base64url')
        : null;
    if (key === null || key.length !== 32) {
      throw new ConfigError(variable, `key ${i + 1} must be 32 bytes, as 64 hex digits or 43 characters of base64`);
    }
    return key;
  });
}
