import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyVerifier, ChangeBookingStatus, ManageApiKeys, Throttle } from '@campsite/domain';
import { FakeSecretHasher } from '@campsite/domain/testing';
import { testDatabaseUrl } from '../../../test-support/skips';
import { BcryptSecretHasher } from '../src/adapters/bcrypt-secret-hasher';
import { MemoryRateLimiter } from '@campsite/domain';
import { loadConfig } from '../src/config';
import { type AppContainer, TOKENS, createContainer } from '../src/container';

describe('createContainer', () => {
  let container: AppContainer | undefined;
  afterEach(async () => {
    await container?.close();
    container = undefined;
  });

  it('wires every token to one shared instance', async () => {
    container = await createContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:', BCRYPT_COST: '4', LOG_LEVEL: 'silent' }));
    for (const token of Object.values(TOKENS)) {
      const first = container.resolve(token);
      expect(first, token.description).toBeDefined();
      expect(container.resolve(token), token.description).toBe(first);
    }
    expect(container.resolve(TOKENS.SecretHasher)).toBeInstanceOf(BcryptSecretHasher);
    expect(container.resolve(TOKENS.ApiKeyVerifier)).toBeInstanceOf(ApiKeyVerifier);
    expect(container.resolve(TOKENS.Throttle)).toBeInstanceOf(Throttle);
    expect(container.resolve(TOKENS.ManageApiKeys)).toBeInstanceOf(ManageApiKeys);
    expect(container.resolve(TOKENS.ChangeBookingStatus)).toBeInstanceOf(ChangeBookingStatus);
    expect(typeof container.resolve(TOKENS.HttpApp)).toBe('function');
  });

  it('leaves the serving side out when asked (the one-shot commands), and wires the rest', async () => {
    container = await createContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:', BCRYPT_COST: '4', LOG_LEVEL: 'silent' }), {
      http: false,
    });
    expect(container.resolve(TOKENS.ManageApiKeys)).toBeInstanceOf(ManageApiKeys);
    expect(container.resolve(TOKENS.ChangeBookingStatus)).toBeInstanceOf(ChangeBookingStatus);
    for (const token of [TOKENS.HttpApp, TOKENS.AnswerCache, TOKENS.DeliverChanges, TOKENS.InvoiceRenderer]) {
      expect(() => container!.resolve(token), token.description).toThrow(/unregistered/);
    }
  });

  it('counts rate limits in memory on SQLite, which has no limiter of its own (docs/api-behaviour.md §4)', async () => {
    container = await createContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' }));
    expect(container.persistence.rateLimiter).toBeUndefined();
    expect(container.resolve(TOKENS.RateLimiter)).toBeInstanceOf(MemoryRateLimiter);
  });

  const postgres = testDatabaseUrl();
  it.runIf(postgres)('uses the database limiter on Postgres, shared by every process', async () => {
    container = await createContainer(loadConfig({ DATABASE_URL: postgres!, LOG_LEVEL: 'silent' }));
    expect(container.persistence.rateLimiter).toBeDefined();
    expect(container.resolve(TOKENS.RateLimiter)).toBe(container.persistence.rateLimiter);
  });

  it('applies overrides for tests and keeps containers independent', async () => {
    const hasher = new FakeSecretHasher();
    container = await createContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' }), { secretHasher: hasher });
    const other = await createContainer(loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' }));
    try {
      expect(container.resolve(TOKENS.SecretHasher)).toBe(hasher);
      expect(other.resolve(TOKENS.SecretHasher)).not.toBe(hasher);
      expect(other.resolve(TOKENS.Throttle)).not.toBe(container.resolve(TOKENS.Throttle));
    } finally {
      await other.close();
    }
  });
});

describe('tsyringe', () => {
  it('is imported by container.ts alone (docs/architecture.md: the composition root is the only place)', () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const importers = files.filter((f) =>
      /from ['"](tsyringe|reflect-metadata)['"]|import ['"]reflect-metadata['"]/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(importers).toEqual(['container.ts']);
  });
});
