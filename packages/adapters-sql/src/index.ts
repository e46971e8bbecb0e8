export { type Persistence, type PersistenceOptions, openPersistence } from './open-persistence';
export type { QueryObserver, QueryOperation } from './observed-database';
export type { ConnectionUse } from './sql-executor';
export { translateSqlError } from './translate-sql-error';
export { atTurnEnd } from './turn-end';
