export { createApp } from './create-app';
export type { HttpDeps, HttpLogger } from './http-deps';
