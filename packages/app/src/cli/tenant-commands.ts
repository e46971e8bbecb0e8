import { type Command, Option } from 'commander';
import { DEFAULT_SANDBOX_NAME } from '../demo/sandbox';
import { parseNonEmpty } from './argument-parsers';
import { type CliIo, withContainer } from './cli-context';

/** What `tenants create` was asked for: an empty tenant, or a sandbox (`--demo`). */
export type CreateRequest = { sandbox: boolean; slug: string; name: string };

/**
 * The request `tenants create`'s options make, or the option that is missing: without `--demo`, `--slug` and `--name`
 * are required, as before `--demo` existed; with it, the slug is its value and the name has a default.
 */
export function createRequest(options: { slug?: string; name?: string; demo?: string }): CreateRequest | { missing: string } {
  if (options.demo !== undefined) return { sandbox: true, slug: options.demo, name: options.name ?? DEFAULT_SANDBOX_NAME };
  if (options.slug === undefined) return { missing: '--slug <slug>' };
  if (options.name === undefined) return { missing: '--name <name>' };
  return { sandbox: false, slug: options.slug, name: options.name };
}

/** `campsite tenants list|create|reset` (docs/operations.md, Commands and "A sandbox for an integrator"). */
export function addTenantCommands(program: Command, io: CliIo): void {
  const tenants = program.command('tenants').description('list, create and reset tenants');
  tenants
    .command('list')
    .description('list tenants: slug, name, counts of sites and bookings, billing details, sandbox')
    .option('--json', 'machine-readable output')
    .action((options: { json?: boolean }) =>
      withContainer(io, async (container, TOKENS) => {
        const list = await container.resolve(TOKENS.ManageTenants).list();
        const { formatTenantTable, tenantListJson } = await import('../tenant-formatting');
        io.out(`${options.json ? tenantListJson(list) : formatTenantTable(list)}\n`);
      }),
    );
  tenants
    .command('create')
    .description('create an empty tenant, or with --demo a sandbox for an integrator, its full-scope key printed once')
    .option('--slug <slug>', 'lowercase letters and digits, joined by "-" or "_"', parseNonEmpty)
    .option('--name <name>', `the campsite's name (with --demo: "${DEFAULT_SANDBOX_NAME}" unless given)`, parseNonEmpty)
    .addOption(
      new Option('--demo <slug>', 'a sandbox under this slug, seeded with the demo content (tenants reset empties it again)')
        .argParser(parseNonEmpty)
        .conflicts('slug'),
    )
    .action((options: { slug?: string; name?: string; demo?: string }, command: Command) => {
      const request = createRequest(options);
      // Worded as commander words its own required options, which these were before --demo.
      if ('missing' in request) command.error(`error: required option '${request.missing}' not specified`);
      else return create(io, request);
    });
  tenants
    .command('reset')
    .description('empty a sandbox and seed it again with the demo content and a new full-scope key, printed once')
    .argument('<slug>', 'a tenant made with tenants create --demo; any other is refused', parseNonEmpty)
    .action((slug: string) =>
      withContainer(io, async (container, TOKENS) => {
        const seeded = await container.resolve(TOKENS.ManageSandboxes).reset(slug);
        const { sandboxBanner } = await import('../sandbox-formatting');
        io.out(sandboxBanner('reset', seeded, container.config));
      }),
    );
}

function create(io: CliIo, { sandbox, slug, name }: CreateRequest): Promise<void> {
  return withContainer(io, async (container, TOKENS) => {
    if (!sandbox) {
      const tenant = await container.resolve(TOKENS.ManageTenants).create(slug, name);
      io.out(`created tenant ${tenant.slug} (${tenant.name})\n`);
      return;
    }
    const seeded = await container.resolve(TOKENS.ManageSandboxes).create(slug, name);
    const { sandboxBanner } = await import('../sandbox-formatting');
    io.out(sandboxBanner('created', seeded, container.config));
  });
}
