export * from './in-memory-store';
export * from './fixed-clock';
export * from './mothers';
export * from './contracts';
