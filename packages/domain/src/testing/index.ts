export * from './in-memory-store';
export * from './in-memory-webhooks';
export * from './fixed-clock';
export * from './mothers';
export * from './contracts';
export { MemoryRateLimiter } from '../rate-limiting/memory-rate-limiter';
