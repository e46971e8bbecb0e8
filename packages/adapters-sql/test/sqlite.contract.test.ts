import { describeAdapterContracts } from '@campsite/domain/testing';
import { sqliteSetup } from './support/databases';

// docs/api-behaviour.md §4: SQLite deployments are single-process; the app keeps the limiter in memory, so none is declared.
describeAdapterContracts('sqlite', sqliteSetup, { rateLimiter: false });
