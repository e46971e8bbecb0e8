import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { type ChangeBookingStatus, type KnownBookingStatus, type ManageApiKeys, type Scope, SCOPES, formatMoney } from '@campsite/domain';
import { formatKeyTable, keyListJson } from '../api-key-formatting';
import { loadConfig } from '../config';
import { type AppContainer, TOKENS, createContainer, importDependencies } from '../container';
import { formatImportSummary, importFixture, type ImportProgress } from '../fixtures/import-fixture';
import { parseFixture } from '../fixtures/parse-fixture';
import { startServer } from '../server';
import { expiryParser, parseId, parseNonEmpty, parseScopes } from './argument-parsers';

/** Where a command's output goes; the real process passes its streams, tests may pass buffers. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Progress bars only make sense on a terminal. */
  errIsTty: boolean;
  env: NodeJS.ProcessEnv;
  /** Called by `serve` once it is listening, with the function that drains and stops it. */
  onServing?(stop: () => Promise<boolean>): void;
}

/** The `campsite` command line (OPERATIONS.md, Commands). Every action throws on failure; main.ts reports it. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('campsite')
    .description('Campsite Management Public API: server and operator tools')
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      // One prefix for every failure line, whether commander or a command found the problem.
      outputError: (text, write) => write(`campsite: ${text.replace(/^error: /, '')}`),
    })
    .showSuggestionAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('migrate, seed a demo tenant into an empty database, and serve the API')
    .action(async () => {
      // serve keeps its container open until the drain closes it.
      const container = await createContainer(loadConfig(io.env), { logDestination: 1 });
      try {
        const running = await startServer(container, { print: (text) => io.out(`${text}\n`) });
        io.onServing?.(running.stop);
      } catch (error) {
        await container.close();
        throw error;
      }
    });

  program
    .command('migrate')
    .description('create or upgrade the schema in DATABASE_URL (idempotent)')
    .action(() => withContainer(io, async () => io.out('schema is up to date\n')));

  program
    .command('import')
    .description('load a fixture file in one transaction: all of it or nothing')
    .argument('<file>', 'fixture JSON (see fixture-format.md)')
    .action((file: string) =>
      withContainer(io, async (container) => {
        const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
          throw new Error(`cannot read ${file} (${error.code ?? error.message})`);
        });
        const fixture = parseFixture(text);
        const progress = io.errIsTty ? progressLine(io) : undefined;
        try {
          const summary = await importFixture(fixture, importDependencies(container), progress?.update);
          progress?.done();
          io.out(`${formatImportSummary(summary)}\n`);
        } catch (error) {
          progress?.done();
          throw error;
        }
      }),
    );

  const keys = program.command('keys').description('manage API keys of a tenant');
  keys
    .command('create')
    .description('create a key and print it once, on stdout alone')
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .requiredOption('--name <name>', 'what the key is for', parseNonEmpty)
    .requiredOption('--scopes <list>', `comma-separated: ${SCOPES.join(',')}`, parseScopes)
    .option('--expires <iso8601>', 'expiry instant in the future, e.g. 2027-01-01T00:00:00Z', expiryParser())
    .action((options: { tenant: string; name: string; scopes: Scope[]; expires?: Date }) =>
      withContainer(io, async (container) => {
        const manage = container.resolve<ManageApiKeys>(TOKENS.ManageApiKeys);
        const { raw } = await manage.create(options.tenant, options.name, options.scopes, options.expires ?? null);
        io.out(`${raw}\n`);
      }),
    );
  keys
    .command('list')
    .description('list keys: prefix, name, scopes, expiry, revoked, last used (never a secret)')
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .option('--json', 'machine-readable output')
    .action((options: { tenant: string; json?: boolean }) =>
      withContainer(io, async (container) => {
        const list = await container.resolve<ManageApiKeys>(TOKENS.ManageApiKeys).list(options.tenant);
        io.out(`${options.json ? keyListJson(list) : formatKeyTable(list)}\n`);
      }),
    );
  keys
    .command('revoke')
    .description('revoke a key; its next request gets 401 key_inactive')
    .argument('<prefix>', 'the first 8 characters of the key, e.g. ck_Ab12x')
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .action((prefix: string, options: { tenant: string }) =>
      withContainer(io, async (container) => {
        await container.resolve<ManageApiKeys>(TOKENS.ManageApiKeys).revoke(options.tenant, prefix.trim());
        io.out(`revoked ${prefix.trim()}\n`);
      }),
    );

  const bookings = program.command('bookings').description("the operator's booking transitions (DECISIONS §5)");
  for (const [name, to] of [['confirm', 'confirmed'], ['cancel', 'cancelled']] as const) {
    bookings
      .command(name)
      .description(`mark a booking ${to}`)
      .argument('<id>', 'booking id within the tenant', parseId)
      .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
      .action((id: number, options: { tenant: string }) => changeStatus(io, options.tenant, id, to));
  }

  return program;
}

function changeStatus(io: CliIo, tenant: string, id: number, to: KnownBookingStatus): Promise<void> {
  return withContainer(io, async (container) => {
    const booking = await container.resolve<ChangeBookingStatus>(TOKENS.ChangeBookingStatus).execute(tenant, id, to);
    io.out(`booking ${booking.id} (${booking.bookingReference}) is ${booking.status}, total ${formatMoney(booking.totalPrice)} CHF\n`);
  });
}

/**
 * Runs a one-shot command on a migrated database (migrating is idempotent, so a fresh database just works) and
 * always closes it. Logs go to stderr: stdout carries only the command's result.
 */
async function withContainer(io: CliIo, run: (container: AppContainer) => Promise<void>): Promise<void> {
  const container = await createContainer(loadConfig(io.env), { logDestination: 2 });
  try {
    await container.persistence.migrate();
    await run(container);
  } finally {
    await container.close();
  }
}

/** A self-overwriting progress line on stderr, redrawn at most ten times a second. */
function progressLine(io: CliIo) {
  let last = 0;
  let shown = false;
  return {
    update(progress: ImportProgress) {
      const now = Date.now();
      if (now - last < 100 && progress.done < progress.total) return;
      last = now;
      shown = true;
      const percent = progress.total === 0 ? 100 : Math.floor((progress.done / progress.total) * 100);
      const what = progress.phase === 'hashing' ? 'hashing keys' : 'storing rows';
      io.err(`\r${what}: ${progress.done}/${progress.total} (${percent}%)\u001b[K`);
    },
    done() {
      if (shown) io.err('\r\u001b[K');
    },
  };
}
