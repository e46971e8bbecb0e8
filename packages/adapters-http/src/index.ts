export { createApp } from './create-app';
export type { HttpDeps, HttpLogger, RequestActivity } from './http-deps';
export { HSTS } from './request-context';
