import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { type ApiKey, DomainError, SCOPES } from '@campsite/domain';
import { formatKeyTable, keyListJson } from '../src/api-key-formatting';
import { expiryParser, parseId, parseScopes } from '../src/cli/argument-parsers';
import { describeFailure } from '../src/cli/cli-errors';
import { ConfigError } from '../src/config';
import { FixtureError } from '../src/fixtures/fixture-row';

const KEY: ApiKey = {
  id: 7,
  tenantId: 1,
  name: 'channel manager',
  prefix: 'ck_Ab12x',
  secretHash: '$2b$12$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0',
  fastVerifier: 'v1$0a1b2c3d$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  scopes: ['bookings:read', 'sites:read'],
  expiresAt: new Date('2027-01-01T00:00:00Z'),
  revokedAt: null,
  lastUsedAt: new Date('2026-05-02T08:15:30.250Z'),
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('keys list output', () => {
  it('shows prefix, name, scopes, expiry, revoked and last used in aligned columns', () => {
    const revoked: ApiKey = {
      ...KEY,
      prefix: 'ck_Zz99q',
      name: 'old',
      scopes: ['invoices:read'],
      expiresAt: null,
      revokedAt: new Date('2026-03-01T12:00:00Z'),
      lastUsedAt: null,
    };
    expect(formatKeyTable([KEY, revoked]).split('\n')).toEqual([
      'PREFIX    NAME             SCOPES                    EXPIRES               REVOKED                     LAST USED',
      'ck_Ab12x  channel manager  bookings:read,sites:read  2027-01-01T00:00:00Z  no                          2026-05-02T08:15:30.250Z',
      'ck_Zz99q  old              invoices:read             never                 yes (2026-03-01T12:00:00Z)  never',
    ]);
  });

  it('never prints the secret hash, in either format', () => {
    expect(formatKeyTable([KEY])).not.toContain(KEY.secretHash);
    expect(keyListJson([KEY])).not.toContain(KEY.secretHash);
    expect(formatKeyTable([KEY])).not.toContain(KEY.fastVerifier!);
    expect(keyListJson([KEY])).not.toContain(KEY.fastVerifier!);
    expect(JSON.parse(keyListJson([KEY]))).toEqual([
      {
        prefix: 'ck_Ab12x',
        name: 'channel manager',
        scopes: ['bookings:read', 'sites:read'],
        expires_at: '2027-01-01T00:00:00Z',
        revoked: false,
        revoked_at: null,
        last_used_at: '2026-05-02T08:15:30.250Z',
        created_at: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  it('says so when a tenant has no keys', () => {
    expect(formatKeyTable([])).toBe('no keys');
  });
});

describe('argument parsers', () => {
  it('reads a comma-separated scope list, dropping blanks and repeats', () => {
    expect(parseScopes('bookings:read, sites:read,,bookings:read')).toEqual(['bookings:read', 'sites:read']);
    expect(parseScopes(SCOPES.join(','))).toEqual([...SCOPES]);
  });

  it.each(['', ' , ', 'bookings:read,sites:write', 'admin'])('rejects the scope list %j', (value) => {
    expect(() => parseScopes(value)).toThrow(InvalidArgumentError);
  });

  it('reads an ISO 8601 expiry with a zone, or a plain date as midnight UTC, and rejects anything else', () => {
    const parse = expiryParser();
    expect(parse('2026-06-01T03:00:00+02:00')).toEqual(new Date('2026-06-01T01:00:00Z'));
    expect(parse('2027-01-01T00:00:00Z')).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(parse('2027-01-01')).toEqual(new Date('2027-01-01T00:00:00Z'));
    // A past instant is a legitimate choice (a key inactive from the start); the command warns instead of refusing.
    expect(parse('2020-01-01T00:00:00Z')).toEqual(new Date('2020-01-01T00:00:00Z'));
    expect(() => parse('2027-02-30')).toThrow(/not a date or datetime/);
    expect(() => parse('2027-01-01T10:00:00')).toThrow(/not a date or datetime/);
    expect(() => parse('next year')).toThrow(/not a date or datetime/);
  });

  it.each([
    ['12', 12],
    [' 3 ', 3],
  ])('reads the booking id %j', (value, id) => {
    expect(parseId(value)).toBe(id);
  });

  it.each(['0', '-1', '1.5', 'abc', '99999999999999999999'])('rejects the booking id %j', (value) => {
    expect(() => parseId(value)).toThrow(InvalidArgumentError);
  });
});

describe('describeFailure', () => {
  it('gives one line per kind of user error', () => {
    expect(describeFailure(new ConfigError('PORT', 'must be at most 65535 (got "70000")'))).toBe(
      'campsite: configuration error: PORT: must be at most 65535 (got "70000")',
    );
    expect(describeFailure(new FixtureError('tenants[0].sites[3].site_type_id', 'unknown site type 9'))).toBe(
      'campsite: import failed, nothing was imported: tenants[0].sites[3].site_type_id: unknown site type 9',
    );
    expect(describeFailure(new DomainError('tenant_not_found', 'unknown tenant "nowhere"'))).toBe('campsite: unknown tenant "nowhere"');
    expect(describeFailure(new DomainError('invalid_transition'))).toBe('campsite: invalid transition');
  });

  it('keeps an unexpected error to its first line unless LOG_LEVEL asks for more', () => {
    const error = new Error('connect ECONNREFUSED 127.0.0.1:5432\nmore detail');
    expect(describeFailure(error, {})).toBe('campsite: connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeFailure(error, { LOG_LEVEL: 'debug' })).toContain('    at ');
    expect(describeFailure(new AggregateError([new Error('connect ECONNREFUSED ::1:5432')], ''), {})).toBe(
      'campsite: connect ECONNREFUSED ::1:5432',
    );
  });
});
