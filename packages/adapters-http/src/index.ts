export { AnswerCache, type AnswerCacheStats } from './answer-cache';
export { createApp } from './create-app';
export { feedChangeRenderer } from './routes/changes.routes';
export { isAllowedAddress, webhookUrlPolicy, type AddressRules } from './webhooks/public-address';
export { HttpsWebhookTransport, signature, type TransportOptions } from './webhooks/https-webhook-transport';
export type { HttpDeps, HttpLogger, ObservedRequest, RequestActivity, RequestObserver, RequestOutcome } from './http-deps';
export { HSTS, SECURITY_HEADERS, UNMATCHED_ROUTE } from './request-context';
export { buildOpenApiDocument } from './openapi/document';
