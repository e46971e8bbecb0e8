import { loadConfig } from '../config';
import type { AppContainer, TOKENS as TokenTable } from '../container';

// The wiring (database drivers, bcrypt, the container) loads only once a command runs: a usage or configuration
// error then answers at once instead of after loading the whole service. The serving side (Express, the OpenAPI
// document, webhook delivery, PDFs) loads for `serve` alone.
export const wiring = () => import('../container');
export type Tokens = typeof TokenTable;

/** Where a command's output goes; the real process passes its streams, tests may pass buffers. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Progress bars only make sense on a terminal. */
  errIsTty: boolean;
  env: NodeJS.ProcessEnv;
  /** Called by `serve` once it is listening, with the function that drains and stops it. */
  onServing?(stop: () => Promise<boolean>): void;
  /** Ends the process with this status once a supervisor's workers have all ended. */
  exit?(status: number): void;
}

/**
 * Runs a one-shot command on a migrated database (migrating is idempotent, so a fresh database just works) and
 * always closes it. Logs go to stderr: stdout carries only the command's result.
 */
export async function withContainer(
  io: CliIo,
  run: (container: AppContainer, tokens: Tokens) => Promise<void>,
  { migrateFirst = true } = {},
): Promise<void> {
  const config = loadConfig(io.env);
  const { createContainer, TOKENS } = await wiring();
  const container = await createContainer(config, { logDestination: 2, http: false });
  try {
    if (migrateFirst) await container.persistence.migrate();
    await run(container, TOKENS);
  } finally {
    await container.close();
  }
}
