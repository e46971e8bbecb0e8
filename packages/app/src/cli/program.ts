import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { type KnownBookingStatus, type Scope, SCOPES, formatMoney } from '@campsite/domain';
import { loadConfig } from '../config';
import type { ImportProgress } from '../fixtures/import-fixture';
import { expiryParser, parseId, parseNonEmpty, parseScopes, parseWorkers } from './argument-parsers';
import { type CliIo, wiring, withContainer } from './cli-context';
import { addTenantCommands } from './tenant-commands';

export type { CliIo } from './cli-context';

/** The `campsite` command line (docs/operations.md, Commands). Every action throws on failure; main.ts reports it. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('campsite')
    .description('Campsite Management Public API: server and operator tools')
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      // One prefix for every failure line, whether commander or a command found the problem.
      // Commander puts its suggestion on a second line; an operator gets one line (docs/operations.md).
      outputError: (text, write) =>
        write(
          `campsite: ${text
            .replace(/^error: /, '')
            .trimEnd()
            .replace(/\n+/g, ' ')}\n`,
        ),
    })
    .showSuggestionAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('migrate, seed a demo tenant into an empty database, and serve the API')
    .option('--workers <n>', 'server processes sharing the port: a number or auto, one per core (default: WORKERS, else 1)', parseWorkers)
    .action(async (options: { workers?: number }) => {
      const config = { ...loadConfig(io.env), ...(options.workers === undefined ? {} : { workers: options.workers }) };
      const { isWorker } = await import('node:cluster').then((m) => m.default);
      if (config.workers > 1 && !isWorker) {
        const { superviseWorkers } = await import('../cluster/supervisor');
        const status = await superviseWorkers(config, { print: (text) => io.out(`${text}\n`) });
        io.exit?.(status);
        return;
      }
      const [{ createContainer }, { startServer }] = await Promise.all([wiring(), import('../server')]);
      const rateLimiter = isWorker ? new (await import('../cluster/cluster-rate-limiter')).ClusterRateLimiter() : undefined;
      // serve keeps its container open until the drain closes it.
      const container = await createContainer(config, { logDestination: 1, observe: true, ...(rateLimiter ? { rateLimiter } : {}) });
      const worker = isWorker ? { listening: (url: string) => process.send?.({ campsite: 'listening', url }) } : undefined;
      try {
        await startServer(container, { print: (text) => io.out(`${text}\n`), serving: io.onServing, ...(worker ? { worker } : {}) });
      } catch (error) {
        await container.close();
        throw error;
      }
    });

  program
    .command('migrate')
    .description('create or upgrade the schema in DATABASE_URL (idempotent)')
    .action(() =>
      withContainer(
        io,
        async (container) => {
          const applied = await container.persistence.migrate();
          io.out(applied.length === 0 ? 'schema is up to date\n' : applied.map((name) => `applied ${name}\n`).join(''));
        },
        { migrateFirst: false },
      ),
    );

  program
    .command('import')
    .description('load a fixture file in one transaction: all of it or nothing')
    .argument('<file>', 'fixture JSON (see docs/import-format.md)')
    .action(async (file: string) => {
      const started = performance.now();
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new Error(`cannot read ${file} (${error.code ?? error.message})`);
      });
      const [{ parseFixture }, { importFixture, formatImportSummary }] = await Promise.all([
        import('../fixtures/parse-fixture'),
        import('../fixtures/import-fixture'),
      ]);
      // A file that is bad in itself is reported before the database is even opened.
      if (io.errIsTty) io.err(`validating ${file}…`);
      let fixture: ReturnType<typeof parseFixture>;
      try {
        fixture = parseFixture(text);
      } finally {
        if (io.errIsTty) io.err('\r\u001b[K');
      }
      await withContainer(io, async (container) => {
        const { importDependencies } = await wiring();
        const progress = io.errIsTty ? progressLine(io) : undefined;
        try {
          const summary = await importFixture(fixture, importDependencies(container), progress?.update);
          progress?.done();
          // The operator waited for reading and validating too, so the rate covers the whole command.
          io.out(`${formatImportSummary({ ...summary, seconds: (performance.now() - started) / 1000 })}\n`);
        } catch (error) {
          progress?.done();
          throw error;
        }
      });
    });

  const keys = program.command('keys').description('manage API keys of a tenant');
  keys
    .command('create')
    .description('create a key and print it once, on stdout alone')
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .requiredOption('--name <name>', 'what the key is for', parseNonEmpty)
    .requiredOption('--scopes <list>', `comma-separated: ${SCOPES.join(',')}`, parseScopes)
    .option('--expires <iso8601>', 'expiry instant, e.g. 2027-01-01T00:00:00Z or 2027-01-01 (midnight UTC)', expiryParser())
    .action((options: { tenant: string; name: string; scopes: Scope[]; expires?: Date }) =>
      withContainer(io, async (container, TOKENS) => {
        const manage = container.resolve(TOKENS.ManageApiKeys);
        if (options.expires && options.expires.getTime() <= Date.now()) {
          io.err(`campsite: warning: --expires ${options.expires.toISOString()} is in the past; the key is inactive from the start\n`);
        }
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
      withContainer(io, async (container, TOKENS) => {
        const list = await container.resolve(TOKENS.ManageApiKeys).list(options.tenant);
        const { formatKeyTable, keyListJson } = await import('../api-key-formatting');
        io.out(`${options.json ? keyListJson(list) : formatKeyTable(list)}\n`);
      }),
    );
  keys
    .command('revoke')
    .description('revoke a key; its next request gets 401 key_inactive')
    .argument('<key-or-prefix>', 'the key, or its first 8 characters (e.g. ck_Ab12x)', parseNonEmpty)
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .action((keyOrPrefix: string, options: { tenant: string }) =>
      withContainer(io, async (container, TOKENS) => {
        const outcome = await container.resolve(TOKENS.ManageApiKeys).revoke(options.tenant, keyOrPrefix);
        const { prefix, alreadyRevokedAt } = outcome;
        io.out(
          alreadyRevokedAt === null
            ? `revoked ${prefix}\n`
            : `${prefix} was already revoked (${alreadyRevokedAt.toISOString()}); nothing changed\n`,
        );
      }),
    );

  addTenantCommands(program, io);

  const bookings = program.command('bookings').description("the operator's booking transitions (docs/api-behaviour.md §5)");
  for (const [name, to] of [
    ['confirm', 'confirmed'],
    ['cancel', 'cancelled'],
  ] as const) {
    bookings
      .command(name)
      .description(`mark a booking ${to}`)
      .argument('<id>', 'booking id within the tenant', parseId)
      .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
      .action((id: number, options: { tenant: string }) => changeStatus(io, options.tenant, id, to));
  }

  program
    .command('secrets')
    .description('the service\'s own secrets (docs/operations.md, "Server secrets")')
    .command('rotate')
    .description('seal every webhook signing secret again under the first key of SECRETS_KEY')
    .action(() =>
      withContainer(io, async (container) => {
        const { resealed, unreadable } = await container.persistence.reseal(false);
        io.out(`re-sealed the signing secrets of ${resealed} webhook endpoint${resealed === 1 ? '' : 's'} under the first key\n`);
        if (unreadable > 0) {
          throw new Error(
            `${unreadable} signing secret${unreadable === 1 ? '' : 's'} could not be opened and ` +
              `${unreadable === 1 ? 'was' : 'were'} left as stored: ` +
              'give every key they may be sealed under in SECRETS_KEY, after the new one',
          );
        }
      }),
    );

  program
    .command('invoices')
    .description("the operator's invoicing (docs/accounting.md)")
    .command('issue')
    .description("issue an OFFEN invoice from a booking's priced lines, for its total")
    .requiredOption('--booking <id>', 'booking id within the tenant', parseId)
    .requiredOption('--tenant <slug>', 'tenant slug', parseNonEmpty)
    .action((options: { booking: number; tenant: string }) =>
      withContainer(io, async (container, TOKENS) => {
        const invoice = await container.resolve(TOKENS.IssueInvoice).execute(options.tenant, options.booking);
        io.out(
          `issued invoice ${invoice.id} (${invoice.invoiceNumber}) for booking ${options.booking}, ` +
            `total ${formatMoney(invoice.totalChf)} CHF\n`,
        );
      }),
    );

  return program;
}

function changeStatus(io: CliIo, tenant: string, id: number, to: KnownBookingStatus): Promise<void> {
  return withContainer(io, async (container, TOKENS) => {
    const change = container.resolve(TOKENS.ChangeBookingStatus);
    const booking = await change.execute(tenant, id, to);
    io.out(`booking ${booking.id} (${booking.bookingReference}) is ${booking.status}, total ${formatMoney(booking.totalPrice)} CHF\n`);
  });
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
