import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config';

export interface MetricsListener {
  /** `http://host:port/metrics` */
  url: string;
  close(): Promise<void>;
}

export interface ScrapeLog {
  error(fields: Record<string, unknown>, msg: string): void;
}

/**
 * The second, plain-HTTP listener (docs/observability.md): `GET /metrics` and nothing else. It is separate from the
 * API port so that metrics need neither TLS nor a key, and stay on an address only the scraper reaches.
 */
export async function listenForScrapes(
  where: { host: string; port: number },
  render: () => Promise<{ contentType: string; body: string }>,
  log: ScrapeLog,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    render().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) }).end(body);
      },
      (error: unknown) => {
        log.error(
          { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
          'metrics scrape failed',
        );
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    // A port in use or an address the host does not have is the operator's to fix: one line naming the variable.
    const refuse = (error: NodeJS.ErrnoException) =>
      reject(new ConfigError('METRICS_PORT', `cannot listen on ${where.host}:${where.port} (${error.code ?? error.message})`));
    server.once('error', refuse);
    server.listen(where.port, where.host, () => {
      server.off('error', refuse);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes; nothing is in flight that needs finishing.
        server.closeAllConnections();
      }),
  };
}
