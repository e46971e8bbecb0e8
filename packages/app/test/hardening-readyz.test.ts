import { rmSync } from 'node:fs';
import { type Server as NetServer, type Socket, connect as netConnect, createServer as createNetServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postgresDatabase, postgresUrl } from './support/backends';
import { get, useServers } from './support/hardening-server';

// docs/security.md: /readyz answers 503 while the database cannot be reached, and /healthz stays 200.

const serve = useServers();

describe('GET /readyz with the database stopped', () => {
  it('answers 503 once the SQLite file is gone or unreadable, while /healthz stays 200', async () => {
    const { port, databaseFile } = await serve();
    expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });
    rmSync(databaseFile!);
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
    expect((await get(port, '/healthz')).status).toBe(200);
  });

  it.runIf(process.getuid?.() !== 0)('answers 503 when the SQLite file is made unreadable (not as root, who reads anything)', async () => {
    const { chmodSync } = await import('node:fs');
    const { port, databaseFile } = await serve();
    chmodSync(databaseFile!, 0o000);
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
  });

  const adminUrl = postgresUrl();
  it.runIf(adminUrl)(
    'answers 503 while Postgres refuses connections, and 200 again when it is back',
    async () => {
      const database = await postgresDatabase(adminUrl!);
      const target = new URL(database.url);
      // The database behind a relay that can be switched off: then every new connection is refused.
      const links = new Set<Socket>();
      const relay: NetServer = createNetServer((client) => {
        const upstream = netConnect({ host: target.hostname, port: Number(target.port || 5432) });
        links.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        for (const s of [client, upstream]) s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
      });
      const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      await listen(0);
      const relayPort = (relay.address() as { port: number }).port;
      const viaRelay = new URL(database.url);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relayPort);
      const { port } = await serve({ DATABASE_URL: viaRelay.toString() }, { cleanup: database.drop });
      expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });

      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        links.forEach((s) => s.destroy());
      });
      expect(await get(port, '/readyz')).toEqual({ status: 503, body: '{"status":"unavailable"}' });
      expect((await get(port, '/healthz')).status).toBe(200);

      await listen(relayPort);
      expect(await get(port, '/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        links.forEach((s) => s.destroy());
      });
    },
    30_000,
  );
});
