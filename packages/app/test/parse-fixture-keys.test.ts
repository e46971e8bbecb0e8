import { describe, expect, it } from 'vitest';
import { problemIn, sample } from './support/fixture-sample';

// docs/import-format.md: an API key is imported as a token or as a migrated prefix and bcrypt hash; a bad one is
// refused with its JSON path, and never with its token in the message.

describe('parseFixture', () => {
  it.each<[string, (d: any) => void, string]>([
    [
      'bad token',
      (d) => {
        d.tenants[0].api_keys[1].token = 'ck_short';
      },
      'tenants[0].api_keys[1].token: must be 32 characters: "ck_" followed by 29 letters or digits',
    ],
    [
      'token with a bad character',
      (d) => {
        d.tenants[0].api_keys[0].token = 'ck_d7T4aogrKwV6h2sDvQvUFcLB604e!';
      },
      'tenants[0].api_keys[0].token: must be 32 characters: "ck_" followed by 29 letters or digits',
    ],
    [
      'token and hash together',
      (d) => {
        d.tenants[0].api_keys[0].prefix = 'ck_d7T4a';
      },
      'tenants[0].api_keys[0].token: give either token or prefix and secret_hash, not both',
    ],
    [
      'neither token nor prefix',
      (d) => {
        delete d.tenants[0].api_keys[0].token;
      },
      'tenants[0].api_keys[0].token: required (or prefix and secret_hash)',
    ],
    [
      'bad prefix',
      (d) => {
        d.tenants[0].api_keys[0] = { name: 'x', prefix: 'ab_12345', secret_hash: `$2b$12$${'a'.repeat(53)}`, scopes: [] };
      },
      'tenants[0].api_keys[0].prefix: must be "ck_" followed by 5 letters or digits, got "ab_12345"',
    ],
    [
      'bad secret hash',
      (d) => {
        d.tenants[0].api_keys[0] = { name: 'x', prefix: 'ck_12345', secret_hash: 'plaintext', scopes: [] };
      },
      'tenants[0].api_keys[0].secret_hash: must be a bcrypt hash ($2b$NN$ followed by 53 characters)',
    ],
    [
      'duplicate key prefix',
      (d) => {
        d.tenants[0].api_keys[1].token = 'ck_d7T4aXXXXXXXXXXXXXXXXXXXXXXXX';
      },
      'tenants[0].api_keys[1].token: duplicate key prefix "ck_d7T4a" (also tenants[0].api_keys[0])',
    ],
    [
      'unknown scope',
      (d) => {
        d.tenants[0].api_keys[0].scopes[2] = 'sites:write';
      },
      'tenants[0].api_keys[0].scopes[2]: unknown scope "sites:write"',
    ],
    [
      'revoked not a boolean',
      (d) => {
        d.tenants[0].api_keys[0].revoked = 'no';
      },
      'tenants[0].api_keys[0].revoked: must be true or false, got the string "no"',
    ],
  ])('stops at the first problem with its JSON path: %s', (_, edit, message) => {
    expect(problemIn(sample(edit))).toBe(message);
  });

  it('never echoes a token in an error', () => {
    const token = 'ck_d7T4aogrKwV6h2sDvQvUFcLB604e!';
    expect(
      problemIn(
        sample((d) => {
          d.tenants[0].api_keys[0].token = token;
        }),
      ),
    ).not.toContain('ogrKwV6h');
  });
});
