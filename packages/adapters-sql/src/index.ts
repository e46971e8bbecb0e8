export { type Persistence, type PersistenceOptions, openPersistence } from './open-persistence';
export { ALL_SQL_ACCELERATORS, NO_SQL_ACCELERATORS, type SqlAccelerators } from './accelerators';
export type { QueryObserver, QueryOperation } from './observed-database';
export type { ConnectionUse } from './sql-executor';
export { translateSqlError } from './translate-sql-error';
export { SecretSealer } from './secret-sealing';
