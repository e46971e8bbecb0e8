import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { Logger } from 'pino';
import { type Config, ConfigError } from './config';

export interface TlsMaterial {
  cert: string;
  key: string;
}

/** The dev certificate's home (docs/operations.md: generated under `./data/`, relative to where the service starts). */
export const DEV_CERT_DIRECTORY = 'data';
export const DEV_CERT_FILE = 'dev-cert.pem';
export const DEV_KEY_FILE = 'dev-key.pem';
const DEV_CERT_DAYS = 825;

/**
 * What the server speaks (docs/api-behaviour.md §1): null means plain HTTP behind a TLS-terminating proxy (TRUST_PROXY);
 * otherwise the configured PEM files, or a self-signed development certificate made once and reused.
 * @throws ConfigError when configured files cannot be read or do not form a certificate and key pair
 */
export async function loadTls(config: Config, logger: Logger, cwd = process.cwd()): Promise<TlsMaterial | null> {
  if (config.trustProxy !== null) return null;
  if (config.tls) {
    const material = {
      cert: await readPem('TLS_CERT_FILE', config.tls.certFile),
      key: await readPem('TLS_KEY_FILE', config.tls.keyFile),
    };
    assertPair(material);
    return material;
  }
  return devCertificate(resolve(cwd, DEV_CERT_DIRECTORY), logger);
}

async function devCertificate(directory: string, logger: Logger): Promise<TlsMaterial> {
  const certFile = join(directory, DEV_CERT_FILE);
  const keyFile = join(directory, DEV_KEY_FILE);
  const existing = await Promise.all([readIfPresent(certFile), readIfPresent(keyFile)]);
  if (existing[0] !== null && existing[1] !== null) {
    logger.warn(
      { certFile },
      `serving TLS with the self-signed development certificate ${certFile}; set TLS_CERT_FILE and TLS_KEY_FILE ` +
        `(or TRUST_PROXY behind a proxy) in production`,
    );
    return { cert: existing[0], key: existing[1] };
  }
  // The generator and its ASN.1 libraries load only here: every other process that imports this file (the one-shot
  // commands read DEV_CERT_DIRECTORY through the server's secrets) or finds its certificate made skips them.
  const { generate } = await import('selfsigned');
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + DEV_CERT_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(directory, { recursive: true });
  // The private key is readable by its owner only.
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert, { mode: 0o644 });
  logger.warn(
    { certFile, keyFile },
    `generated a self-signed development certificate in ${directory} (localhost, 127.0.0.1); clients must trust it ` +
      `or skip verification (curl -k). Set TLS_CERT_FILE and TLS_KEY_FILE in production`,
  );
  return { cert: pems.cert, key: pems.private };
}

async function readPem(variable: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(variable, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function assertPair(material: TlsMaterial): void {
  try {
    createSecureContext(material);
  } catch (error) {
    throw new ConfigError(
      'TLS_CERT_FILE',
      `TLS_CERT_FILE and TLS_KEY_FILE are not a usable PEM certificate and key (${(error as Error).message})`,
    );
  }
}
