import type { RequestOutcome } from '@campsite/adapters-http';
import type { ConnectionUse, QueryOperation } from '@campsite/adapters-sql';
import type { Histogram, Registry } from 'prom-client';
import type { RequestMetrics } from './request-observer';

/**
 * prom-client's default metrics include three gauges named like counters, which `promtool check metrics` rejects.
 * Their per-type siblings without `_total` (nodejs_active_handles{type=…} and so on) say the same and stay.
 */
const LINT_REJECTED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** From 1 ms to 10 s: the API answers in milliseconds, and the slow-request log's default threshold is 1 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** Methods outside this set share one label value, so a label never takes whatever a client sends. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const AUTH_FAILURE_REASONS = new Set(['invalid_key', 'key_inactive']);

export interface ServerMetrics extends RequestMetrics {
  /** The registry every metric of this process is in; with workers, the one each worker reports to the primary. */
  readonly registry: Registry;
  /** Reads the database's connection use at each scrape (nothing is paid between scrapes). */
  watchConnections(read: () => ConnectionUse): void;
  /** Reads the memory budget of the caches, its use and its evictions at each scrape (docs/operations.md). */
  watchCache(read: () => { budgetBytes: number; usedBytes: number; entries: number; evictions: number }): void;
  /** Reads, at each scrape, when the oldest change still to be pushed to an active webhook endpoint was made. */
  watchWebhookBacklog(read: () => Promise<Date | null>): void;
  /** One webhook attempt: its outcome (`delivered`, `failed`, `paused`) and how long it took. */
  webhookAttempt(outcome: 'delivered' | 'failed' | 'paused', seconds: number): void;
  /** The Prometheus text exposition of everything. */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * The metrics of docs/observability.md in a registry of their own. prom-client is imported here, at start-up and
 * only when METRICS_PORT is set, so a server without metrics neither loads nor pays for it.
 *
 * Labels hold closed sets only: method, route template, status, refusal reason, limit, query operation, connection
 * state. Never a key, a tenant slug, a path with ids or anything else a client chooses.
 */
export async function createMetrics(): Promise<ServerMetrics> {
  const client = (await import('prom-client')).default;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  for (const name of LINT_REJECTED_DEFAULTS) registry.removeSingleMetric(name);
  const registers = [registry];
  const { default: cluster } = await import('node:cluster');
  if (cluster.isWorker) {
    // docs/observability.md, "With workers": the supervisor's scrape asks every worker for this registry over the
    // cluster channel and serves their sum. Constructing an AggregatorRegistry is what makes a worker answer.
    client.AggregatorRegistry.setRegistries([registry]);
    new client.AggregatorRegistry();
  }

  const requestDuration: Histogram<'method' | 'route' | 'status'> = new client.Histogram({
    name: 'campsite_http_request_duration_seconds',
    help: 'Time from the request reaching the server to its response being written, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const authFailures = new client.Counter({
    name: 'campsite_http_auth_failures_total',
    help: 'Requests refused with 401 because of their key: invalid_key (unknown or malformed) or key_inactive (revoked or expired).',
    labelNames: ['reason'] as const,
    registers,
  });
  const rateLimited = new client.Counter({
    name: 'campsite_http_rate_limited_total',
    help:
      'Requests refused with 429: limit="api_key" for a key over its per-minute budget, "auth_failures" for an ' +
      'address with too many failed authentications.',
    labelNames: ['limit'] as const,
    registers,
  });
  const queryDuration: Histogram<'operation'> = new client.Histogram({
    name: 'campsite_db_query_duration_seconds',
    help: 'Time of each database call, waiting for a connection included; operation="transaction" is a whole transaction.',
    labelNames: ['operation'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const webhookDeliveries = new client.Counter({
    name: 'campsite_webhook_deliveries_total',
    help: 'Webhook attempts by outcome: delivered (2xx), failed (retried later), paused (410 or three days of failures).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookDuration = new client.Histogram({
    name: 'campsite_webhook_delivery_duration_seconds',
    help: "Time of each webhook attempt, from connecting to the end of the receiver's answer (or the failure).",
    buckets: REQUEST_BUCKETS,
    registers,
  });

  let connections: (() => ConnectionUse) | undefined;
  new client.Gauge({
    name: 'campsite_db_pool_connections',
    help: 'Database connections by state (in_use, idle). SQLite has one connection, in use while a transaction or read snapshot holds it.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!connections) return;
      const use = connections();
      this.set({ state: 'in_use' }, use.inUse);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new client.Gauge({
    name: 'campsite_db_pool_waiting',
    help: 'Database calls waiting for a connection (SQLite: statements queued behind an open transaction).',
    registers,
    collect() {
      if (connections) this.set(connections().waiting);
    },
  });

  let cache: Parameters<ServerMetrics['watchCache']>[0] | undefined;
  let evictionsReported = 0;
  new client.Gauge({
    name: 'campsite_cache_budget_bytes',
    help: 'The memory budget every cache of the process draws on (CACHE_BUDGET_MB).',
    registers,
    collect() {
      if (cache) this.set(cache().budgetBytes);
    },
  });
  new client.Gauge({
    name: 'campsite_cache_used_bytes',
    help: 'Memory the caches hold now, within the budget.',
    registers,
    collect() {
      if (cache) this.set(cache().usedBytes);
    },
  });
  new client.Gauge({
    name: 'campsite_cache_entries',
    help: 'Answers the caches hold now.',
    registers,
    collect() {
      if (cache) this.set(cache().entries);
    },
  });
  new client.Counter({
    name: 'campsite_cache_evictions_total',
    help: 'Entries dropped, least recently used first, to stay within the budget.',
    registers,
    collect() {
      if (!cache) return;
      // A counter only moves up: add what was evicted since the last scrape.
      const { evictions } = cache();
      if (evictions > evictionsReported) this.inc(evictions - evictionsReported);
      evictionsReported = evictions;
    },
  });

  let backlog: (() => Promise<Date | null>) | undefined;
  new client.Gauge({
    name: 'campsite_webhook_oldest_undelivered_age_seconds',
    help: 'Age of the oldest change an active webhook endpoint has not received yet; 0 when every active endpoint is up to date.',
    registers,
    // Every worker reads the same database: their sum would count the backlog once per worker.
    aggregator: 'max',
    // Registered after the pool gauges, so a scrape reads their figures before this query borrows a connection.
    async collect() {
      if (!backlog) return;
      const oldest = await backlog();
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
    },
  });

  return {
    registry,
    watchConnections(read) {
      connections = read;
    },
    watchCache(read) {
      cache = read;
    },
    watchWebhookBacklog(read) {
      backlog = read;
    },
    requestDone(outcome: RequestOutcome) {
      const method = METHODS.has(outcome.method) ? outcome.method : 'other';
      requestDuration.observe({ method, route: outcome.route, status: outcome.status }, outcome.durationMs / 1000);
      if (outcome.status === 401) {
        const code = outcome.errorCode;
        authFailures.inc({ reason: code !== undefined && AUTH_FAILURE_REASONS.has(code) ? code : 'other' });
      } else if (outcome.status === 429) {
        rateLimited.inc({ limit: outcome.authenticated ? 'api_key' : 'auth_failures' });
      }
    },
    queryDone(operation: QueryOperation, seconds: number) {
      queryDuration.observe({ operation }, seconds);
    },
    webhookAttempt(outcome, seconds) {
      webhookDeliveries.inc({ outcome });
      webhookDuration.observe(seconds);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/**
 * `serve --workers` with METRICS_PORT: the supervisor's one exposition, the workers' registries summed by
 * prom-client's AggregatorRegistry (counters and histograms add up; each default metric uses its own aggregator).
 * A worker that does not answer within prom-client's 5 s fails the scrape, which the listener answers with 500.
 */
export async function createClusterMetrics(): Promise<{ render(): Promise<{ contentType: string; body: string }> }> {
  const client = (await import('prom-client')).default;
  const aggregator = new client.AggregatorRegistry();
  return {
    async render() {
      return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() };
    },
  };
}
