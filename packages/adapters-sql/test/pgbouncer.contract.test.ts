import { describeAdapterContracts } from '@campsite/domain/testing';
import { afterAll, describe, it } from 'vitest';
import { postgresDatabaseForTests, postgresSetup } from './support/databases';
import { pgbouncerBinary, startPgBouncer } from './support/pgbouncer';

// docs/operations.md, PgBouncer: the same contract as Postgres itself, every connection through PgBouncer in
// transaction pooling mode, where consecutive transactions of one client land on different server connections.
const binary = pgbouncerBinary();
const postgres = binary === null ? null : await postgresDatabaseForTests();

if (binary !== null && postgres !== null) {
  const bouncer = await startPgBouncer(binary, postgres.baseUrl);
  afterAll(() => bouncer.stop());
  describeAdapterContracts('postgres through pgbouncer', postgresSetup(bouncer.url(postgres.url)));
} else {
  describe('contract suites: postgres through pgbouncer', () => it.skip('pgbouncer or Postgres unavailable (named at the end of the run)'));
}
