import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { ObservedRequest, RequestOutcome } from '@campsite/adapters-http';
import type { QueryOperation } from '@campsite/adapters-sql';
import type { RequestSpan, Tracing } from './request-observer';

const DIAG_REPORT_INTERVAL_MS = 60_000;

export interface TracingLog {
  warn(fields: Record<string, unknown>, msg: string): void;
}

/**
 * OpenTelemetry tracing, exported over OTLP/HTTP (docs/observability.md). Every OpenTelemetry package is imported
 * here, dynamically, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set: without it none of them is ever loaded.
 *
 * The SDK reads the standard variables itself: OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT,
 * OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG) and OTEL_BSP_*. Spans are made at the
 * adapters' seams (the request observer and the database decorator) rather than by the http/express/pg
 * instrumentations, which patch modules through require hooks that our ESM build does not go through; the parent of
 * a database span is the request's span, carried in the request scope, so no global context manager is needed.
 */
export async function startTracing(dbSystem: 'sqlite' | 'postgresql', log: TracingLog): Promise<Tracing> {
  const [api, core, resources, sdk, otlp] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, trace } = api;
  // The SDK reports its own trouble (a collector that cannot be reached, spans dropped from a full queue, a bad OTEL_*
  // value) through `diag`, which says nothing unless given a logger. Its warnings and errors go to our log, at most
  // one line a minute: under load the same complaint comes with every batch.
  let lastReport = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  const report = (message: string) => {
    const now = performance.now();
    if (now - lastReport < DIAG_REPORT_INTERVAL_MS) {
      suppressed++;
      return;
    }
    log.warn({ detail: message, ...(suppressed > 0 ? { similarSuppressed: suppressed } : {}) }, 'opentelemetry');
    lastReport = now;
    suppressed = 0;
  };
  const chatter = (): void => {
    // Below WARN the SDK only narrates; the level set here never calls it, and nothing is lost.
  };
  api.diag.setLogger({ error: report, warn: report, info: chatter, debug: chatter, verbose: chatter }, api.DiagLogLevel.WARN);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the default name.
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'campsite' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.NodeTracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter())],
  });
  const tracer: Tracer = provider.getTracer('campsite');
  const propagator = new core.W3CTraceContextPropagator();

  const querySpan = (parent: Context, operation: QueryOperation, sql: string) => {
    const attributes: Attributes = { 'db.system.name': dbSystem, 'db.operation.name': operation };
    // Placeholders only: the SQL text never carries a value (QueryObserver).
    if (operation !== 'transaction' && operation !== 'script') attributes['db.query.text'] = sql;
    const span = tracer.startSpan(
      operation === 'transaction' ? 'transaction' : `${operation} ${dbSystem}`,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    return {
      end(failed: boolean) {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      },
    };
  };

  return {
    startRequest(request: ObservedRequest): RequestSpan {
      // A caller's `traceparent` makes this request part of its trace.
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const span: Span = tracer.startSpan(
        request.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'campsite.request_id': request.requestId } },
        parent,
      );
      const context = trace.setSpan(ROOT_CONTEXT, span);
      return {
        traceId: span.spanContext().traceId,
        startQuery: (operation, sql) => querySpan(context, operation, sql),
        end(outcome: RequestOutcome) {
          span.updateName(`${outcome.method} ${outcome.route}`);
          span.setAttributes({ 'http.route': outcome.route, 'http.response.status_code': outcome.status });
          if (outcome.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    shutdown: () => provider.shutdown(),
  };
}
