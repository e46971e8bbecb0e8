export { type Persistence, type PersistenceOptions, openPersistence } from './open-persistence';
export { translateSqlError } from './translate-sql-error';
