import { describeAdapterContracts } from '@campsite/domain/testing';
import { afterAll, describe, it } from 'vitest';
import { postgresDatabaseForTests, postgresSetup } from './support/databases';
import { pgbouncerBinary, startPgBouncer } from './support/pgbouncer';

// docs/operations.md, PgBouncer: the same contract as Postgres itself, every connection through PgBouncer in
// transaction pooling mode, where consecutive transactions of one client land on different server connections.
const binary = pgbouncerBinary();
const postgres = binary === null ? null : await postgresDatabaseForTests('contract suites through PgBouncer');

if (binary !== null && postgres !== null) {
  const bouncer = await startPgBouncer(binary, postgres.baseUrl);
  afterAll(() => bouncer.stop());
  describeAdapterContracts('postgres through pgbouncer', postgresSetup(bouncer.url(postgres.url)));
} else {
  if (binary === null) console.warn('!!! PGBOUNCER TESTS SKIPPED: no pgbouncer binary (apt-get install pgbouncer). !!!');
  describe('contract suites: postgres through pgbouncer', () => it.skip('pgbouncer or Postgres unavailable (see the warning above)'));
}
