export { createApp } from './create-app';
export type { HttpDeps, HttpLogger, RequestActivity } from './http-deps';
export { HSTS, SECURITY_HEADERS } from './request-context';
export { isAllowedAddress, webhookUrlPolicy, type AddressRules } from './webhooks/public-address';
export { HttpsWebhookTransport, signature, type TransportOptions } from './webhooks/https-webhook-transport';
