/**
 * The platform shape (bench/README.md, "Shapes of load"): thousands of small campsites on one server, 32 connections
 * reading page 1 of bookings and of sites, each request for a random tenant, against the same reads aimed at one of
 * them; the server's peak RSS while it serves 30 of them and while it serves all; and the read accelerators' pairs.
 */
import { join } from 'node:path';
import { baseHeaders, measure, request, type CaseLoad } from './harness';
import { freshDatabase } from './lifecycle';
import { combineRounds, type LoadResult } from './load';
import { API, log, options, workDir } from './options';
import { readCase } from './pair-cases';
import { runPairs, type AcceleratorSpec, type PairCase } from './pairs';
import { generatePlatform, PLATFORM_BCRYPT_COST, type PlatformFixture, type PlatformTenant } from './platform-fixture';
import { peakRssMiB } from './processes';
import type { AcceleratorPair, PlatformResult } from './results';
import { importTenant, withServer, type Server } from './server';
import { benchServerEnv } from './server-env';
import { Rng } from './seeded';

const CONNECTIONS = 32;
/** The smaller number of tenants whose peak RSS is shown beside all of them. */
const FEW = 30;
const PAGES = [`${API}/bookings/`, `${API}/sites/`];

export const PLATFORM_ACCELERATORS: readonly AcceleratorSpec[] = [
  { name: 'ANSWER_CACHE', cases: ['spread', 'one_tenant'], distinct: false },
  { name: 'COMPRESSED_ANSWERS', cases: ['spread', 'one_tenant'], distinct: false },
  { name: 'KEPT_TOTALS', cases: ['spread', 'one_tenant'], distinct: true },
];

export function generatePlatformFixture(): PlatformFixture {
  const started = performance.now();
  const fixture = generatePlatform(join(workDir, `platform-${options.tenants}.json`), options.tenants);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `generated ${fixture.tenants.length} small tenants: ${fixture.totalRows} rows, ${(fixture.bytes / 1e6).toFixed(1)} MB in ${seconds} s`,
  );
  return fixture;
}

/** Page 1 of bookings and of sites in turn, each request for a tenant drawn at random (the same draws every run). */
function spreadLoad(tenants: readonly PlatformTenant[]): CaseLoad {
  const headers = tenants.map((t) => baseHeaders(t.token));
  const rng = new Rng(tenants.length);
  let n = 0;
  return {
    path: PAGES[0]!,
    headers: headers[0]!,
    setupRequest: (req) => ({ ...req, path: PAGES[n++ % PAGES.length]!, headers: headers[Math.floor(rng.next() * headers.length)]! }),
  };
}

/** The same reads, every one for the same tenant. */
function oneTenantLoad(tenant: PlatformTenant): CaseLoad {
  let n = 0;
  return { path: PAGES[0]!, headers: baseHeaders(tenant.token), setupRequest: (req) => ({ ...req, path: PAGES[n++ % PAGES.length]! }) };
}

/**
 * Each tenant's first request (its key's check) and the first reading of each page the load asks, paid before anything
 * is measured, so that both shapes are measured warm: the one tenant's two pages are rendered within its first
 * requests, and the spread's thousands would otherwise be rendered during its first round. Then the JIT's warm-up.
 */
async function touchAll(server: Server, tenants: readonly PlatformTenant[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < tenants.length; i = next++) {
      for (const page of PAGES) {
        const answer = await request(server.base, page, { headers: baseHeaders(tenants[i]!.token) });
        if (answer.status !== 200) throw new Error(`${tenants[i]!.slug}: ${page} gave ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await measure({ base: server.base, pid: server.pid }, 'platform warm-up (not counted)', spreadLoad(tenants), {
    duration: 2,
    connections: CONNECTIONS,
  });
}

const platformEnv = () => benchServerEnv({ BCRYPT_COST: String(PLATFORM_BCRYPT_COST) });

/** One tenant, spread, spread, one tenant on one server, whose VmHWM afterwards is the peak serving all tenants. */
async function spreadAgainstOne(backend: string, databaseUrl: string, fixture: PlatformFixture) {
  return withServer(databaseUrl, platformEnv(), `${backend}-platform-${fixture.tenants.length}`, async (server) => {
    await touchAll(server, fixture.tenants);
    const target = { base: server.base, pid: server.pid };
    const loads = { one: oneTenantLoad(fixture.tenants[0]!), spread: spreadLoad(fixture.tenants) };
    const rounds: Record<'one' | 'spread', LoadResult[]> = { one: [], spread: [] };
    for (const id of ['one', 'spread', 'spread', 'one'] as const) {
      const label = id === 'one' ? 'one small tenant' : `spread over ${fixture.tenants.length} tenants`;
      rounds[id].push(
        await measure(target, `${backend} platform ${label}`, loads[id], {
          duration: Math.max(2, options.duration / 2),
          connections: CONNECTIONS,
        }),
      );
    }
    return { one: combineRounds(rounds.one), spread: combineRounds(rounds.spread), peakRssMiB: peakRssMiB(server.pid) };
  });
}

/** A fresh server reading spread over the first `count` tenants; its VmHWM afterwards. */
async function spreadOver(backend: string, databaseUrl: string, tenants: readonly PlatformTenant[]) {
  return withServer(databaseUrl, platformEnv(), `${backend}-platform-${tenants.length}`, async (server) => {
    await touchAll(server, tenants);
    const target = { base: server.base, pid: server.pid };
    const result = await measure(target, `${backend} platform spread over ${tenants.length} tenants`, spreadLoad(tenants), {
      connections: CONNECTIONS,
    });
    return { tenantsServed: tenants.length, rps: result.rps, peakRssMiB: peakRssMiB(server.pid) };
  });
}

function platformCases(fixture: PlatformFixture): Record<string, PairCase> {
  const spread = `page 1 of bookings and sites, spread over ${fixture.tenants.length} tenants`;
  return {
    spread: readCase(spread, () => spreadLoad(fixture.tenants), CONNECTIONS),
    one_tenant: readCase('page 1 of bookings and sites, one small tenant', () => oneTenantLoad(fixture.tenants[0]!), CONNECTIONS),
  };
}

/** The platform shape on `backend`: its figures, its pairs, or both, on a database of its own. */
export async function runPlatform(
  backend: string,
  fixture: PlatformFixture,
  failures: Record<string, string>,
): Promise<{ result: PlatformResult | null; pairs: AcceleratorPair[] }> {
  const database = await freshDatabase(backend, 'platform');
  try {
    const imported = await importTenant(database.url, fixture, platformEnv());
    let result: PlatformResult | null = null;
    if (options.parts.platformFigures) {
      const few = fixture.tenants.slice(0, Math.min(FEW, fixture.tenants.length));
      const fewRss = few.length < fixture.tenants.length ? [await spreadOver(backend, database.url, few)] : [];
      const all = await spreadAgainstOne(backend, database.url, fixture);
      result = {
        backend,
        tenants: fixture.tenants.length,
        import: imported,
        spread: all.spread,
        oneTenant: all.one,
        spreadToOneTenant: Math.round((all.spread.rps / all.one.rps) * 1000) / 1000,
        peakRss: [...fewRss, { tenantsServed: fixture.tenants.length, rps: all.spread.rps, peakRssMiB: all.peakRssMiB }],
      };
      log(`${backend} platform: spread ${all.spread.rps} rps vs one tenant ${all.one.rps} rps = ${result.spreadToOneTenant}x`);
      for (const r of result.peakRss) log(`${backend} platform: serving ${r.tenantsServed} tenants spread, peak RSS ${r.peakRssMiB} MiB`);
    }
    const pairs = options.parts.platformPairs
      ? await runPairs(
          {
            backend,
            shape: 'platform',
            databaseUrl: database.url,
            env: platformEnv(),
            accelerators: PLATFORM_ACCELERATORS,
            cases: platformCases(fixture),
            warmUp: (server) => touchAll(server, fixture.tenants),
          },
          failures,
        )
      : [];
    return { result, pairs };
  } finally {
    await database.drop();
  }
}
