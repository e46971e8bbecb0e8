import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { CampsiteClient } from '../../src/index';

// A scripted local server for the client's tests: which answers are retried, how long it waits, what it sends.

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Script = (seen: Seen, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** A server that answers the n-th request with `script[n]` (the last one repeats). */
export async function fakeServer(...script: Script[]): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      (script[Math.min(seen.length, script.length) - 1] as Script)(request, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Script =>
  (_seen, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-1', ...headers });
    res.end(JSON.stringify(body));
  };
export const hangUp: Script = (_seen, res) => res.socket?.destroy();
export const silent: Script = () => {};

export const BOOKING = {
  id: 1,
  booking_reference: 'K7Q2M4XZ9B',
  guest_first_name: '',
  guest_last_name: '',
  guest_email: '',
  site_id: 3,
  site_number: 'A03',
  check_in_date: '2027-07-01',
  check_out_date: '2027-07-04',
  num_adults: 2,
  num_youth: 0,
  num_children: 0,
  status: 'pending',
  total_price: '105.00',
  created_at: '2026-06-01T12:00:30Z',
};
export const INPUT = { site_id: 3, check_in_date: '2027-07-01', check_out_date: '2027-07-04', num_adults: 2 };

export function client(origin: string, waits: number[] = [], extra: Partial<ConstructorParameters<typeof CampsiteClient>[0]> = {}) {
  return new CampsiteClient({
    baseUrl: origin,
    apiKey: 'ck_d7T4aogrKwV6h2sDvQvUFcLB604ep',
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
}
