import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import type { TenantSummary } from '@campsite/domain';
import { buildProgram } from '../src/cli/program';
import { createRequest } from '../src/cli/tenant-commands';
import { DEFAULT_SANDBOX_NAME, sandboxContent } from '../src/demo/sandbox';
import { curlLine, sandboxBanner } from '../src/sandbox-formatting';
import { formatTenantTable, tenantListJson } from '../src/tenant-formatting';

const KEY = 'ck_Ab12xCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Runs the command line on arguments that are refused before any database is opened; answers what it printed. */
async function refused(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const program = buildProgram({ out: (text) => (stdout += text), err: (text) => (stderr += text), errIsTty: false, env: {} });
  await expect(program.parseAsync(['node', 'campsite', ...args])).rejects.toBeInstanceOf(CommanderError);
  return { stdout, stderr };
}

describe('tenants create', () => {
  it('with --demo makes a sandbox under that slug, named as given or by default', () => {
    expect(createRequest({ demo: 'acme' })).toEqual({ sandbox: true, slug: 'acme', name: DEFAULT_SANDBOX_NAME });
    expect(createRequest({ demo: 'acme', name: 'Acme test' })).toEqual({ sandbox: true, slug: 'acme', name: 'Acme test' });
    expect(DEFAULT_SANDBOX_NAME).toMatch(/Sandbox/);
  });

  it('without --demo still requires --slug, then --name', () => {
    expect(createRequest({ slug: 'bergsee', name: 'Camping Bergsee' })).toEqual({
      sandbox: false,
      slug: 'bergsee',
      name: 'Camping Bergsee',
    });
    expect(createRequest({ name: 'Camping Bergsee' })).toEqual({ missing: '--slug <slug>' });
    expect(createRequest({ slug: 'bergsee' })).toEqual({ missing: '--name <name>' });
  });

  it.each([
    [['tenants', 'create', '--slug', 'bergsee'], "campsite: required option '--name <name>' not specified\n"],
    [['tenants', 'create', '--name', 'Bergsee'], "campsite: required option '--slug <slug>' not specified\n"],
    [
      ['tenants', 'create', '--demo', 'acme', '--slug', 'acme'],
      "campsite: option '--demo <slug>' cannot be used with option '--slug <slug>'\n",
    ],
    [['tenants', 'create', '--demo', ' '], "campsite: option '--demo <slug>' argument ' ' is invalid. must not be empty\n"],
    [['tenants', 'reset'], "campsite: missing required argument 'slug'\n"],
  ])('refuses %j with one line on stderr and nothing on stdout', async (args, line) => {
    expect(await refused(...args)).toEqual({ stdout: '', stderr: line });
  });
});

describe('tenants list output', () => {
  const tenants: TenantSummary[] = [
    { id: 1, slug: 'acme', name: DEFAULT_SANDBOX_NAME, sites: 20, bookings: 40, billing: false, sandbox: true },
    { id: 2, slug: 'alpenblick', name: 'Camping Alpenblick', sites: 3, bookings: 2, billing: true, sandbox: false },
  ];

  it('adds SANDBOX after the columns it had, which keep their places', () => {
    expect(formatTenantTable(tenants).split('\n')).toEqual([
      'SLUG        NAME                               SITES  BOOKINGS  BILLING  SANDBOX',
      'acme        Camping Seeblick Brienz (Sandbox)  20     40        no       yes',
      'alpenblick  Camping Alpenblick                 3      2         yes      no',
    ]);
  });

  it('gives scripts the same fields, sandbox included', () => {
    expect(JSON.parse(tenantListJson(tenants))).toEqual([
      { slug: 'acme', name: DEFAULT_SANDBOX_NAME, sites: 20, bookings: 40, billing: false, sandbox: true },
      { slug: 'alpenblick', name: 'Camping Alpenblick', sites: 3, bookings: 2, billing: true, sandbox: false },
    ]);
  });
});

describe('the sandbox banner', () => {
  const direct = { publicUrl: null, host: '127.0.0.1', port: 8443, trustProxy: null };
  const seeded = { tenant: { id: 3, slug: 'acme', name: 'Acme test' }, raw: KEY };

  it('shows the key alone on its line, then a curl line that lists the bookings with it', () => {
    expect(sandboxBanner('created', seeded, direct).split('\n')).toEqual([
      'created sandbox tenant acme (Acme test) with the demo content; its full-scope API key is shown only this once:',
      '',
      `    ${KEY}`,
      '',
      'Try it:',
      '',
      `    curl -k -H "Authorization: Bearer ${KEY}" https://127.0.0.1:8443/api/v1/public/bookings/`,
      '',
    ]);
    expect(sandboxBanner('reset', seeded, direct)).toMatch(/^reset sandbox tenant acme \(Acme test\): everything in it and its keys/);
  });

  it('names the address the configuration gives: PUBLIC_URL first, loopback for a wildcard, none for PORT=0', () => {
    expect(curlLine(KEY, { ...direct, publicUrl: 'https://api.example.ch/campsite' })).toBe(
      `curl -H "Authorization: Bearer ${KEY}" https://api.example.ch/campsite/api/v1/public/bookings/`,
    );
    expect(curlLine(KEY, { ...direct, host: '::' })).toBe(
      `curl -k -H "Authorization: Bearer ${KEY}" https://[::1]:8443/api/v1/public/bookings/`,
    );
    expect(curlLine(KEY, { ...direct, host: '0.0.0.0', trustProxy: 'loopback' })).toBe(
      `curl -H "X-Forwarded-Proto: https" -H "Authorization: Bearer ${KEY}" http://127.0.0.1:8443/api/v1/public/bookings/`,
    );
    expect(curlLine(KEY, { ...direct, port: 0 })).toBeNull();
    expect(sandboxBanner('created', seeded, { ...direct, port: 0 })).not.toContain('curl');
  });
});

describe('the content of a sandbox', () => {
  it('is the demo tenant of the first start: bookings in every status, invoices and a tariff, and no key of its own', () => {
    const content = sandboxContent();
    expect(new Set(content.bookings.map((b) => b.status))).toEqual(new Set(['pending', 'confirmed', 'cancelled', 'completed', 'no_show']));
    expect(content.invoices.length).toBeGreaterThan(20);
    expect(content.tariff?.seasons.length).toBeGreaterThan(0);
    expect(content).not.toHaveProperty('apiKeys');
    expect(content).not.toHaveProperty('slug');
  });
});
