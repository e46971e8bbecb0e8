import { describeAdapterContracts } from '@campsite/domain/testing';
import { describe, it } from 'vitest';
import { postgresForTests, postgresSetup } from './support/databases';

const postgres = await postgresForTests();

if (postgres) describeAdapterContracts('postgres', postgresSetup(postgres.url));
else describe('contract suites: postgres', () => it.skip('Postgres unavailable (named at the end of the run)'));
