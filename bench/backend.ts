/**
 * The main bench on one backend: the tenants imported with the real `campsite import`, every main case on one
 * `campsite serve`, then the cases that need servers of their own.
 */
import { mainContext } from './case-context';
import type { GeneratedTenant } from './generate';
import { freshDatabase } from './lifecycle';
import { firstCases, lateReadCases, readCases } from './main-cases';
import { log, options } from './options';
import { peakRssMiB, stop } from './processes';
import { sellingCases } from './selling-cases';
import { observabilityCases, workersCases } from './restart-cases';
import type { BackendResult } from './results';
import { importTenant, keepProfiles, runBaseline, startServer } from './server';
import { benchServerEnv } from './server-env';
import { writeCases, type PostBodies } from './write-cases';

export interface Tenants {
  main: GeneratedTenant;
  small: GeneratedTenant;
  /** 200 pitches in 10 site types with a tariff, as many bookings as the main tenant (bench/selling-cases.ts). */
  calendar: GeneratedTenant;
  /** With --big: 1M bookings in the calendar tenant's shape. */
  big: GeneratedTenant | null;
}

/** The database the main bench ran on, for the accelerator pairs that follow on the same data. */
export interface MainDatabase {
  url: string;
  env: NodeJS.ProcessEnv;
}

export async function runMainBackend(
  backend: string,
  tenants: Tenants,
  bodies: PostBodies,
): Promise<{ result: BackendResult; database: MainDatabase }> {
  const database = await freshDatabase(backend, 'main');
  const databaseUrl = database.url;
  const env = benchServerEnv();

  const imports = [];
  for (const tenant of [tenants.main, tenants.small, tenants.calendar]) imports.push(await importTenant(databaseUrl, tenant, env));
  let big = tenants.big;
  let bigImportError: string | null = null;
  if (big) {
    try {
      imports.push(await importTenant(databaseUrl, big, env));
    } catch (error) {
      // One failed 1M import should not cost the rest of the backend's figures.
      bigImportError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      log(`1M import failed, continuing without the 1M case: ${bigImportError}`);
      big = null;
    }
  }

  // Measured right before this backend's cases, so that both sides of each ratio see the same machine load (the
  // 2-core box is shared with other work).
  const express = await runBaseline(`express baseline (before ${backend})`, 'express-hello.ts');
  const server = await startServer(databaseUrl, env, backend);
  const ctx = mainContext(backend, server, tenants.main.token, express.rps);
  let first: Awaited<ReturnType<typeof firstCases>> | null = null;
  let writes: Awaited<ReturnType<typeof writeCases>> | null = null;
  let sync: BackendResult['sync'] = null;
  let sellingError: string | null = null;
  let drainExit: number | null = null;
  let serverPeakRssMiB: number | null = null;
  try {
    first = await firstCases(ctx, databaseUrl, env, tenants.main.slug);
    await readCases(ctx, first.walk.path);
    writes = await writeCases(ctx, bodies);
    sellingError = await sellingCases(ctx, tenants.calendar, big).then(
      () => null,
      (error: unknown) => {
        log(`selling cases failed: ${error instanceof Error ? error.message : String(error)}`);
        return error instanceof Error ? error.message.slice(0, 1000) : String(error);
      },
    );
    sync = await lateReadCases(ctx, { ...tenants, big }, databaseUrl);
  } finally {
    // VmHWM only grows: read just before the end, it is the peak of every case the server has served.
    serverPeakRssMiB = peakRssMiB(server.pid);
    drainExit = await stop(server, 15_000);
    if (drainExit !== 0) log(`server exited with ${drainExit} on SIGTERM\n${server.tail().slice(-1500)}`);
  }
  log(`${backend} main server: peak RSS ${serverPeakRssMiB ?? '?'} MiB over the whole main bench`);
  const cases = ctx.cases;
  cases.push(...(await workersCases(databaseUrl, env, backend, tenants.main.token, express.rps)));
  cases.push(...(await observabilityCases(databaseUrl, env, backend, tenants.main.token, express.rps)));
  const result: BackendResult = {
    backend,
    expressRps: express.rps,
    imports,
    cases,
    peakRssMiB: serverPeakRssMiB ?? 0,
    bookings: options.bookings,
    coldKey: first.coldKey,
    bigImportError,
    walkNextMsPerPage: Math.round(first.walk.msPerPage * 100) / 100,
    overlapRejected: writes.overlapRejected,
    freshAfterWrites: writes.freshAfterWrites,
    sigtermExit: drainExit,
    sync,
    sellingError,
    cpuProfileDir: options.cpuProf ? keepProfiles(backend) : null,
  };
  return { result, database: { url: databaseUrl, env } };
}
