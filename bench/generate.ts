/**
 * Writes a benchmark tenant as a fixture file (docs/import-format.md), streamed record by record (the records:
 * bench/tenant-model.ts).
 *
 *   tsx bench/generate.ts --out bench/.work/t.json [--bookings 100000] [--sites 500] [--customers 20000]
 *                         [--staff 30] [--invoices 50000] [--seed 1] [--slug bench] [--selling]
 *                         [--bookings-from YYYY-MM-DD]
 *
 * Every date from 2030 on is free on every site. The benchmark's POST case books only inside that window
 * (FREE_WINDOW_START), which is why it can expect 201 for every request while the overlap rule is enforced.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SELLING_SITE_TYPES, SITE_TYPES } from './fixture-names';
import { sellingTariff } from './selling-fixture';
import { DEFAULT_SPEC, TenantModel, type TenantSpec } from './tenant-model';

export { DEFAULT_SPEC, type TenantSpec };

export const FREE_WINDOW_START = '2030-01-01';
export const ALL_SCOPES = [
  'bookings:read',
  'bookings:write',
  'sites:read',
  'customers:read',
  'invoices:read',
  'webhooks:manage',
  'rates:read',
];

export interface GeneratedTenant {
  file: string;
  slug: string;
  /** Raw 32-character key with every scope; a throwaway made from the seeded PRNG. */
  token: string;
  /** `tariff`: seasons, stay rules, extras and the tourist tax together (0 without a tariff). */
  rows: Record<'api_keys' | 'site_types' | 'sites' | 'users' | 'bookings' | 'invoices' | 'tariff', number>;
  totalRows: number;
  bytes: number;
  /** Sites a POST may use: active, and each holds at least two occupants. */
  activeSiteIds: number[];
  /** The active sites of the site type that has the fewest (every site type of the tenant counted). */
  fewestActiveSitesOfAType: number;
}

/** Emits a JSON array element by element through a small buffer, so memory stays flat at any tenant size. */
export class JsonStream {
  private fd: number;
  private buffer = '';
  bytes = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }

  write(text: string): void {
    this.buffer += text;
    if (this.buffer.length > 1 << 20) this.flush();
  }

  array<T>(key: string, count: number, make: (id: number) => T, last = false): void {
    this.write(`"${key}":[`);
    for (let id = 1; id <= count; id++) this.write(`${id === 1 ? '\n' : ',\n'}${JSON.stringify(make(id))}`);
    this.write(`]${last ? '' : ',\n'}`);
  }

  flush(): void {
    this.bytes += writeSync(this.fd, this.buffer);
    this.buffer = '';
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** A QR-IBAN, so that every open invoice's PDF carries a QR-bill with a QR reference (the costliest document). */
const BILLING = {
  name: 'Camping Benchmark AG',
  street: 'Seestrasse',
  building_number: '1',
  postal_code: '3800',
  town: 'Interlaken',
  country: 'CH',
  iban: 'CH4431999123000889012',
  vat_number: 'CHE-123.456.789 MWST',
  language: 'de',
};

/** A tenant's key as the fixture gives it: a raw token, or a public prefix and the bcrypt hash of the secret. */
export type FixtureKey = { token: string } | { prefix: string; secret_hash: string };

/**
 * Writes one tenant object of the file's `tenants` list, streamed; returns the rows it wrote per list, and the sites a
 * POST may use (active, each holding at least two occupants).
 */
export function writeTenant(
  out: JsonStream,
  spec: TenantSpec,
  key: FixtureKey,
): { rows: GeneratedTenant['rows']; activeSiteIds: number[]; fewestActiveSitesOfAType: number } {
  const model = new TenantModel(spec);
  const activeSiteIds: number[] = [];
  const types = spec.selling ? SELLING_SITE_TYPES : SITE_TYPES;
  const activeOfType = new Map<number, number>(types.map((type) => [type.id, 0]));
  const tariff = spec.selling ? sellingTariff() : null;
  out.write(`{"slug":${JSON.stringify(spec.slug)},"name":${JSON.stringify(spec.name)},"billing":${JSON.stringify(BILLING)},\n`);
  out.write(
    `"api_keys":[${JSON.stringify({ name: 'benchmark (throwaway)', ...key, scopes: ALL_SCOPES, expires_at: null, revoked: false })}],\n`,
  );
  out.write(`"site_types":${JSON.stringify(types.map(({ id, name }) => ({ id, name })))},\n`);
  for (const [field, value] of Object.entries(tariff?.fields ?? {})) out.write(`${JSON.stringify(field)}:${JSON.stringify(value)},\n`);
  out.array('sites', spec.sites, (id) => {
    const { price: _price, ...site } = model.site(id);
    if (site.status === 'active' && site.max_occupants >= 2) activeSiteIds.push(id);
    if (site.status === 'active') activeOfType.set(site.site_type_id, (activeOfType.get(site.site_type_id) ?? 0) + 1);
    return site;
  });
  out.array('users', spec.staff + spec.customers, (id) => model.user(id));
  out.array('bookings', spec.bookings, (id) => model.booking(id));
  out.array('invoices', spec.invoices, (id) => model.invoice(id), true);
  out.write('}');
  const rows = {
    api_keys: 1,
    site_types: types.length,
    sites: spec.sites,
    users: spec.staff + spec.customers,
    bookings: spec.bookings,
    invoices: spec.invoices,
    tariff: tariff?.rows ?? 0,
  };
  return { rows, activeSiteIds, fewestActiveSitesOfAType: Math.min(...activeOfType.values()) };
}

export const totalOf = (rows: GeneratedTenant['rows']) => Object.values(rows).reduce((a, b) => a + b, 0);

export function generateTenant(file: string, overrides: Partial<TenantSpec> = {}): GeneratedTenant {
  const spec = { ...DEFAULT_SPEC, ...overrides };
  const token = new TenantModel(spec).token();
  const out = new JsonStream(file);
  out.write('{"tenants":[');
  const { rows, activeSiteIds, fewestActiveSitesOfAType } = writeTenant(out, spec, { token });
  out.write(']}\n');
  out.close();
  return { file, slug: spec.slug, token, rows, totalRows: totalOf(rows), bytes: out.bytes, activeSiteIds, fewestActiveSitesOfAType };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      slug: { type: 'string' },
      bookings: { type: 'string' },
      sites: { type: 'string' },
      customers: { type: 'string' },
      staff: { type: 'string' },
      invoices: { type: 'string' },
      seed: { type: 'string' },
      selling: { type: 'boolean' },
      'bookings-from': { type: 'string' },
    },
  });
  if (!values.out) {
    console.error(
      'usage: tsx bench/generate.ts --out FILE [--bookings N] [--sites N] [--customers N] [--staff N] [--invoices N] [--seed N] ' +
        '[--slug S] [--selling] [--bookings-from YYYY-MM-DD]',
    );
    process.exit(2);
  }
  const numeric = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const overrides = Object.fromEntries(
    Object.entries({
      slug: values.slug,
      bookings: numeric(values.bookings),
      sites: numeric(values.sites),
      customers: numeric(values.customers),
      staff: numeric(values.staff),
      invoices: numeric(values.invoices),
      seed: numeric(values.seed),
      selling: values.selling,
      bookingsFrom: values['bookings-from'],
    }).filter(([, v]) => v !== undefined),
  ) as Partial<TenantSpec>;
  const started = performance.now();
  const result = generateTenant(values.out, overrides);
  const { activeSiteIds: _sites, token: _token, ...summary } = result;
  console.log(JSON.stringify({ ...summary, seconds: +((performance.now() - started) / 1000).toFixed(2) }));
}
