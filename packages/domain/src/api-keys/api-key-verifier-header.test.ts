import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS, type ApiKeyWorld, anApiKeyWorld, withOtherSecret } from '../testing/api-key-world';
import { rejectionOf } from '../testing/test-world';

let world: ApiKeyWorld['world'];
let manage: ApiKeyWorld['manage'];
let verifier: ApiKeyWorld['verifier'];
let issue: ApiKeyWorld['issue'];
let codeOf: ApiKeyWorld['codeOf'];

beforeEach(async () => {
  ({ world, manage, verifier, issue, codeOf } = await anApiKeyWorld());
});

describe('ApiKeyVerifier: the Authorization header (docs/api-behaviour.md §1)', () => {
  it('turns a valid key into the principal of its tenant and scopes', async () => {
    const { raw, key } = await issue();
    expect(await verifier.verify(`Bearer ${raw}`, ADDRESS)).toEqual({
      tenantId: world.principal('alpine').tenantId,
      keyId: key.id,
      prefix: raw.slice(0, 8),
      scopes: ['bookings:read', 'sites:read'],
    });
  });

  it.each(['bearer', 'BEARER', 'BeArEr'])('accepts the scheme word written %j (RFC 6750)', async (scheme) => {
    const { raw } = await issue();
    await expect(verifier.verify(`${scheme} ${raw}`, ADDRESS)).resolves.toMatchObject({ prefix: raw.slice(0, 8) });
  });

  const malformed: Array<[string, (raw: string) => string | undefined]> = [
    ['a missing header', () => undefined],
    ['an empty header', () => ''],
    ['the scheme alone', () => 'Bearer'],
    ['the scheme and a space', () => 'Bearer '],
    ['the token without a scheme', (raw) => raw],
    ['another scheme', (raw) => `Token ${raw}`],
    ['Basic', (raw) => `Basic ${raw}`],
    ['an extra part', (raw) => `Bearer ${raw} extra`],
    ['two tokens', (raw) => `Bearer ${raw} ${raw}`],
    ['one character short (31)', (raw) => `Bearer ${raw.slice(0, 31)}`],
    ['one character long (33)', (raw) => `Bearer ${raw}x`],
    ['a character outside [A-Za-z0-9] in the secret', (raw) => `Bearer ${raw.slice(0, 31)}-`],
    ['a non-ASCII letter in the secret', (raw) => `Bearer ${raw.slice(0, 31)}é`],
    ['an underscore in the prefix body', (raw) => `Bearer ${raw.slice(0, 5)}_${raw.slice(6)}`],
    ['an upper-case CK_', (raw) => `Bearer CK_${raw.slice(3)}`],
    ['another literal than ck_', (raw) => `Bearer pk_${raw.slice(3)}`],
  ];

  it.each(malformed)('gives invalid_key for %s', async (_label, header) => {
    const { raw } = await issue();
    expect(await codeOf(header(raw))).toBe('invalid_key');
  });

  it('gives invalid_key for an unknown prefix, and still spends one hash verification on it (no timing oracle)', async () => {
    await issue();
    const before = world.hasher.verifyCalls;
    expect(await codeOf('Bearer ck_ZZZZZabcdefghijklmnopqrstuvwx')).toBe('invalid_key');
    expect(world.hasher.verifyCalls).toBe(before + 1);
  });

  it('gives invalid_key for a wrong secret, after one hash verification', async () => {
    const { raw } = await issue();
    expect(await codeOf(`Bearer ${withOtherSecret(raw)}`)).toBe('invalid_key');
    expect(world.hasher.verifyCalls).toBe(1);
  });

  it('gives key_inactive for a revoked key', async () => {
    const { raw } = await issue();
    await manage.revoke('alpine', raw.slice(0, 8));
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });

  it('gives key_inactive from the instant the expiry is reached, not a millisecond later', async () => {
    const expiresAt = new Date(world.clock.now().getTime() + 3_600_000);
    const { raw } = await issue(expiresAt);
    world.clock.set(new Date(expiresAt.getTime() - 1));
    await expect(verifier.verify(`Bearer ${raw}`, ADDRESS)).resolves.toBeDefined();
    world.clock.set(expiresAt);
    expect(await codeOf(`Bearer ${raw}`)).toBe('key_inactive');
  });
  it('never puts the raw token or its secret into the error it throws (docs/api-behaviour.md §1)', async () => {
    const { raw } = await issue();
    const wrong = withOtherSecret(raw);
    for (const header of [`Bearer ${wrong}`, `Bearer ${raw}x`, `Basic ${raw}`]) {
      const error = await rejectionOf(verifier.verify(header, ADDRESS));
      const text = `${error.message} ${error.stack} ${JSON.stringify(error)}`;
      expect(text).not.toContain(wrong.slice(8));
      expect(text).not.toContain(raw.slice(8));
    }
  });
});
