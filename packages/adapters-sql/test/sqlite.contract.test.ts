import { describeAdapterContracts } from '@campsite/domain/testing';
import { sqliteSetup } from './support/databases';

// docs/api-behaviour.md §4: SQLite keeps no limiter of its own (the app counts in memory), so its set declares none.
describeAdapterContracts('sqlite', sqliteSetup);
