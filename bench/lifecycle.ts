/**
 * What a run leaves behind: nothing. Every process it starts, and every file and database it makes, is removed at the
 * end, also on failure, on Ctrl-C and when the run's time limit strikes.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { adminDatabaseUrl, createThrowawayDatabase, type ThrowawayDatabase } from './postgres-admin';
import { killAllChildren } from './processes';
import { ROOT, stamp, workDir } from './options';

const databases: ThrowawayDatabase[] = [];
let cleanedUp = false;
let keepLogs = false;

/** The child processes' logs are copied out of the work directory before it goes (a failed run). */
export function keepLogsAtEnd(): void {
  keepLogs = true;
}

export async function cleanup(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  killAllChildren();
  if (keepLogs && existsSync(workDir)) {
    const logs = join(ROOT, 'bench/.work', `logs-${stamp}`);
    mkdirSync(logs, { recursive: true });
    for (const file of readdirSync(workDir).filter((f) => f.endsWith('.log'))) cpSync(join(workDir, file), join(logs, file));
    console.error(`child process logs kept in ${logs}`);
  }
  for (const db of databases) {
    await db.drop().catch((e: unknown) => console.error(`could not drop ${db.name}: ${String(e)}`));
  }
  rmSync(workDir, { recursive: true, force: true });
}

/** Cleans up on SIGINT/SIGTERM and after `seconds`; returns what stops the watchdog. */
export function installCleanup(seconds: number): () => void {
  process.on('exit', killAllChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`time limit of ${seconds} s reached: cleaning up`);
    void cleanup().finally(() => process.exit(124));
  }, seconds * 1000);
  watchdog.unref();
  return () => clearTimeout(watchdog);
}

export interface FreshDatabase {
  url: string;
  /** Removes it now rather than at the end of the run (a run may make several of them). */
  drop(): Promise<void>;
}

let made = 0;

/** An empty database of `backend`: a file in the work directory, or a throwaway PostgreSQL database on loopback. */
export async function freshDatabase(backend: string, name: string): Promise<FreshDatabase> {
  made++;
  if (backend === 'sqlite') {
    const file = join(workDir, `${name}-${made}.db`);
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  if (backend !== 'postgres') throw new Error(`unknown backend ${backend}`);
  const admin = adminDatabaseUrl();
  if (!admin) throw new Error('postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const db = await createThrowawayDatabase(admin, `campsite_bench_${stamp}_${process.pid}_${name}_${made}`);
  databases.push(db);
  return { url: db.url, drop: () => db.drop() };
}

/** What PostgreSQL's connections to this run's databases are doing, for a failure's log. */
export async function databaseActivity(): Promise<string> {
  const lines: string[] = [];
  for (const db of databases) lines.push(`${db.name}:\n${await db.activity().catch((e: unknown) => String(e))}`);
  return lines.join('\n');
}
