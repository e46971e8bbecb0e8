import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FULL_KEY, REVOKED_KEY, SITES_ONLY_KEY, type ServeProcess, describeOnBackends, https, runCli } from './harness';
import { API, fixtureFile, importAndServe } from './support/sample-server';

// `campsite import` then `campsite serve`, as an operator runs them: the served API over real HTTPS (webhook endpoints
// included), a bad import that changes nothing, and a SIGTERM that loses no request. The key and booking commands
// against the running server are in operator-commands-while-serving.test.ts.

describeOnBackends('campsite import, serve and operator commands', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  let server: ServeProcess;

  beforeAll(async () => {
    ({ cwd, env, server } = await importAndServe(backend()));
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('listens on an ephemeral port over HTTPS and says so on exactly one line', () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    expect(server.stdout().match(/listening on/g)).toHaveLength(1);
    // A plain line, so that `listening on (\S+)` captures exactly the URL.
    expect(server.stdout()).toContain(`\nlistening on ${server.url}\n`);
    // The database already held a tenant: no demo tenant, no demo key.
    expect(server.stdout()).not.toMatch(/ck_[A-Za-z0-9]{29}/);
  });

  it('answers plain HTTP on the TLS port with 403 https_required instead of dropping the connection', async () => {
    const plainUrl = server.url.replace(/^https:/, 'http:');
    const refused = await https(`${plainUrl}${API}/bookings/`, { key: FULL_KEY });
    expect(refused).toMatchObject({ status: 403, body: { detail: 'https_required' } });
    expect(refused.headers['strict-transport-security']).toBeDefined();
    // The same port still speaks TLS to the next client.
    expect((await https(`${server.url}${API}/sites/`, { key: FULL_KEY })).status).toBe(200);
  });

  it('answers every endpoint of the API with real HTTPS', async () => {
    const health = await https(`${server.url}/healthz`);
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });

    const bookings = await https(`${server.url}${API}/bookings/`, { key: FULL_KEY });
    expect(bookings.status).toBe(200);
    expect(bookings.headers['strict-transport-security']).toBeDefined();
    expect(bookings.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(bookings.body.results.map((b: any) => b.booking_reference)).toEqual(['P3H8W2N6RT', 'K7Q2M4XZ9B']);

    const one = await https(`${server.url}${API}/bookings/1/`, { key: FULL_KEY });
    expect(one.body).toEqual({
      id: 1,
      booking_reference: 'K7Q2M4XZ9B',
      guest_first_name: 'Anna',
      guest_last_name: 'Muster',
      guest_email: 'anna@example.ch',
      site_id: 1,
      site_number: 'A01',
      check_in_date: '2026-07-01',
      check_out_date: '2026-07-04',
      num_adults: 2,
      num_youth: 0,
      num_children: 1,
      status: 'confirmed',
      total_price: '105.00',
      created_at: '2026-05-02T08:15:00Z',
      updated_at: '2026-05-02T08:15:00Z',
      customer_id: 1,
      // An imported booking was not made from a quote (docs/channel-managers.md, "Booking from a quote").
      quote_id: null,
      extras: [],
    });

    const created = await https(`${server.url}${API}/bookings/`, {
      method: 'POST',
      key: FULL_KEY,
      body: { site_id: 2, check_in_date: '2027-03-01', check_out_date: '2027-03-04', num_adults: 2, guest_first_name: 'Lea' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: 3, site_number: 'A02', status: 'pending', total_price: '85.50', guest_first_name: 'Lea' });
    expect(created.headers.location).toMatch(/\/api\/v1\/public\/bookings\/3\/?$/);

    const sites = await https(`${server.url}${API}/sites/`, { key: FULL_KEY });
    expect(sites.body.results.map((s: any) => [s.site_number, s.site_type_name])).toEqual([
      ['A01', 'Tent pitch'],
      ['A02', 'Tent pitch'],
      ['B10', 'Camper pitch'],
    ]);

    const customers = await https(`${server.url}${API}/customers/`, { key: FULL_KEY });
    expect(customers.body).toMatchObject({ count: 1, results: [{ id: 1, email: 'anna@example.ch', phone_number: '+41 79 000 00 00' }] });

    const invoices = await https(`${server.url}${API}/invoices/`, { key: FULL_KEY });
    expect(invoices.body.results.map((i: any) => [i.invoice_number, i.booking_id, i.status])).toEqual([
      ['2026-000002', null, 'OFFEN'],
      ['2026-000001', 1, 'ERLEDIGT'],
    ]);

    // docs/accounting.md: the invoice, its lines and its PDF, rendered by the server's worker threads.
    expect((await https(`${server.url}${API}/invoices/2/`, { key: FULL_KEY })).body).toMatchObject({
      invoice_number: '2026-000002',
      total_chf: '12.00',
    });
    const lines = await https(`${server.url}${API}/invoices/2/lines/`, { key: FULL_KEY });
    expect(lines.body.results.map((l: any) => [l.position, l.quantity, l.vat_rate, l.amount])).toEqual([
      [1, '2.000', '8.10', '9.00'],
      [2, '1.000', '0.00', '3.00'],
    ]);
    const pdf = await https(`${server.url}${API}/invoices/2/pdf/`, { key: FULL_KEY });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="2026-000002.pdf"');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);

    expect((await https(`${server.url}${API}/bookings/`, { key: SITES_ONLY_KEY })).status).toBe(403);
    expect(await https(`${server.url}${API}/sites/`, { key: REVOKED_KEY })).toMatchObject({
      status: 401,
      body: { detail: 'key_inactive' },
    });
  });

  // After the booking created above: the key reads bookings only, so its feed ends where the tenant's does.
  it('keys create accepts webhooks:manage; the key manages webhook endpoints, stored in the database (docs/webhooks.md)', async () => {
    const key = (
      await runCli(['keys', 'create', '--tenant', 'alpenblick', '--name', 'hooks', '--scopes', 'bookings:read,webhooks:manage'], env, cwd)
    ).stdout.trim();
    const hooks = `${server.url}${API}/webhook-endpoints/`;
    // WEBHOOK_ALLOW_LOOPBACK is off by default.
    const loopback = await https(hooks, { method: 'POST', key, body: { url: 'https://127.0.0.1:9443/' } });
    expect(loopback.status).toBe(400);
    expect(loopback.body).toEqual({ url: ['Enter a public https URL.'] });

    const created = await https(hooks, { method: 'POST', key, body: { url: 'https://hooks.example.com/in' } });
    expect(created.status).toBe(201);
    expect(created.body.types).toEqual(['booking']);
    expect(created.body.secret).toMatch(/^whsec_/);
    expect(created.body.position).toBe((await https(`${server.url}${API}/changes/?page_size=200`, { key })).body.cursor);
    const { secret: _secret, ...shown } = created.body;
    expect((await https(`${hooks}${created.body.id}/`, { key })).body).toEqual(shown);
    expect((await https(hooks, { key: FULL_KEY })).status).toBe(403);
    expect((await https(`${hooks}${created.body.id}/`, { method: 'DELETE', key })).status).toBe(204);
    expect((await https(hooks, { key })).body.count).toBe(0);
  });

  it('a bad fixture exits non-zero naming the JSON path, and changes nothing', async () => {
    const before = await https(`${server.url}${API}/sites/`, { key: FULL_KEY });
    // Each bad file brings a key of its own: had anything been stored, that key would now authenticate.
    const probeKey = 'ck_Probe1234567890abcdefghijklmn';
    const dangling = fixtureFile(cwd, 'dangling.json', (doc) => {
      doc.tenants[0].slug = 'brandnew';
      doc.tenants[0].api_keys = [{ name: 'probe', token: probeKey, scopes: ['sites:read'] }];
      doc.tenants[0].sites[2].site_type_id = 9;
    });
    const bad = await runCli(['import', dangling], env, cwd);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe('campsite: import failed, nothing was imported: tenants[0].sites[2].site_type_id: unknown site type 9\n');
    expect(await https(`${server.url}${API}/sites/`, { key: probeKey })).toMatchObject({ status: 401, body: { detail: 'invalid_key' } });

    // The first tenant is fine and the second clashes with the database: still nothing at all is stored.
    const clash = fixtureFile(cwd, 'clash.json', (doc) => {
      const fresh = structuredClone(doc.tenants[0]);
      fresh.slug = 'fresh';
      fresh.api_keys = [{ name: 'probe', token: probeKey, scopes: ['sites:read'] }];
      doc.tenants.unshift(fresh);
      doc.tenants[1].api_keys = [];
    });
    const clashed = await runCli(['import', clash], env, cwd);
    expect(clashed.code).not.toBe(0);
    expect(clashed.stderr).toBe(
      'campsite: import failed, nothing was imported: tenants[1].slug: tenant "alpenblick" already exists in the database\n',
    );
    expect(await https(`${server.url}${API}/sites/`, { key: probeKey })).toMatchObject({ status: 401, body: { detail: 'invalid_key' } });

    const after = await https(`${server.url}${API}/sites/`, { key: FULL_KEY });
    expect(after.body).toEqual(before.body);
  });

  it('migrate is idempotent on a migrated database', async () => {
    const migrated = await runCli(['migrate'], env, cwd);
    expect(migrated).toMatchObject({ code: 0, stdout: 'schema is up to date\n' });
  });

  it('SIGTERM while requests are in flight loses none of them and exits 0', async () => {
    const url = new URL(`${API}/bookings/`, server.url);
    // Each request sends its headers and half of its body, so the server is holding 20 unfinished requests.
    const inFlight = Array.from({ length: 20 }, (_, i) => {
      const day = String(1 + i).padStart(2, '0');
      const body = JSON.stringify({
        site_id: 1,
        check_in_date: `2029-01-${day}`,
        check_out_date: `2029-01-${String(2 + i).padStart(2, '0')}`,
        num_adults: 1,
      });
      const half = Math.floor(body.length / 2);
      let finish: () => void = () => {};
      const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = httpsRequest(
          url,
          {
            method: 'POST',
            agent: false,
            rejectUnauthorized: false,
            headers: {
              Authorization: `Bearer ${FULL_KEY}`,
              'Content-Type': 'application/json',
              'Content-Length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        finish = () => req.end(body.slice(half));
      });
      return { response, finish: () => finish() };
    });
    await new Promise((r) => setTimeout(r, 750));

    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    for (const request of inFlight) request.finish();

    const responses = await Promise.all(inFlight.map((r) => r.response));
    expect(
      responses.map((r) => r.status),
      JSON.stringify(responses.find((r) => r.status !== 201)?.body),
    ).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(20);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toMatch(/"msg":"stopped"/);
  });
});
