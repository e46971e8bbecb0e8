import { AsyncLocalStorage } from 'node:async_hooks';
import type { ObservedRequest, RequestObserver, RequestOutcome } from '@campsite/adapters-http';
import type { QueryObserver, QueryOperation } from '@campsite/adapters-sql';

/** The Prometheus side of a request and of a database call (metrics.ts). */
export interface RequestMetrics {
  requestDone(outcome: RequestOutcome): void;
  queryDone(operation: QueryOperation, seconds: number): void;
}

/** Traces (tracing.ts): a server span per request, a child span per database call. */
export interface Tracing {
  startRequest(request: ObservedRequest): RequestSpan;
  /** Sends the spans still buffered; called once the server has drained. */
  shutdown(): Promise<void>;
}

export interface RequestSpan {
  readonly traceId: string;
  startQuery(operation: QueryOperation, sql: string): QuerySpan;
  end(outcome: RequestOutcome): void;
}

export interface QuerySpan {
  end(failed: boolean): void;
}

export interface SlowRequestLog {
  warn(fields: Record<string, unknown>, msg: string): void;
}

/** One request's running totals, carried through all of its asynchronous work. */
interface RequestScope {
  readonly requestId: string;
  /** Time with at least one of the request's database calls in flight: overlapping calls count once. */
  dbMs: number;
  dbCalls: number;
  dbSince: number;
  readonly span: RequestSpan | undefined;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Watches requests (the HTTP adapter's RequestObserver) and database calls (the SQL adapter's QueryObserver) and
 * feeds metrics, traces and the slow-request log (docs/observability.md). A request's database calls are tied to it
 * through an AsyncLocalStorage scope, which also gives every log line written during the request its request id.
 */
export class Observer implements RequestObserver, QueryObserver {
  private readonly scopes = new AsyncLocalStorage<RequestScope>();

  constructor(
    private readonly options: {
      slowRequestMs: number;
      log: SlowRequestLog;
      metrics?: RequestMetrics | undefined;
      tracing?: Tracing | undefined;
    },
  ) {}

  /** The id of the request whose work is running right now, if any (pino's mixin adds it to every log line). */
  currentRequestId(): string | undefined {
    return this.scopes.getStore()?.requestId;
  }

  begin(request: ObservedRequest, proceed: () => void): (outcome: RequestOutcome) => void {
    const scope: RequestScope = {
      requestId: request.requestId,
      dbMs: 0,
      dbCalls: 0,
      dbSince: 0,
      span: this.options.tracing?.startRequest(request),
    };
    this.scopes.run(scope, proceed);
    return (outcome) => this.end(scope, outcome);
  }

  private end(scope: RequestScope, outcome: RequestOutcome): void {
    const { metrics, slowRequestMs, log } = this.options;
    metrics?.requestDone(outcome);
    scope.span?.end(outcome);
    if (outcome.durationMs <= slowRequestMs) return;
    log.warn(
      {
        requestId: outcome.requestId,
        method: outcome.method,
        route: outcome.route,
        status: outcome.status,
        durationMs: round(outcome.durationMs),
        authMs: round(outcome.authMs),
        dbMs: round(scope.dbMs),
        renderMs: round(outcome.renderMs),
        slowRequestMs,
        ...(outcome.aborted ? { aborted: true } : {}),
        ...(scope.span ? { traceId: scope.span.traceId } : {}),
      },
      'slow request',
    );
  }

  observe<T>(operation: QueryOperation, sql: string, run: () => Promise<T>): Promise<T> {
    const scope = this.scopes.getStore();
    const span = scope?.span?.startQuery(operation, sql);
    const started = performance.now();
    if (scope && scope.dbCalls++ === 0) scope.dbSince = started;
    const done = (failed: boolean) => {
      const ended = performance.now();
      if (scope && --scope.dbCalls === 0) scope.dbMs += ended - scope.dbSince;
      this.options.metrics?.queryDone(operation, (ended - started) / 1000);
      span?.end(failed);
    };
    let running: Promise<T>;
    try {
      running = run();
    } catch (error) {
      done(true);
      throw error;
    }
    return running.then(
      (result) => {
        done(false);
        return result;
      },
      (error: unknown) => {
        done(true);
        throw error;
      },
    );
  }
}
