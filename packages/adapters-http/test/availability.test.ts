import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { API, closeServers, issueKey, seed, start } from './support/http-harness';

// docs/channel-managers.md, "Availability".

afterEach(closeServers);

async function camp() {
  const { world, server } = await start();
  const [token] = (await seed(world, [
    aTenant('camp', {
      sites: [
        aSite({ id: 1, siteNumber: 'A1' }),
        aSite({ id: 2, siteNumber: 'A2', status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'B1', maxOccupants: 6 }),
      ],
      bookings: [
        aBooking({ id: 1, siteId: 1, status: 'confirmed', checkInDate: '2027-07-03', checkOutDate: '2027-07-05' }),
        aBooking({ id: 2, siteId: 1, status: 'pending', checkInDate: '2027-07-05', checkOutDate: '2027-07-06' }),
        aBooking({ id: 3, siteId: 1, status: 'cancelled', checkInDate: '2027-07-07', checkOutDate: '2027-07-09' }),
        aBooking({ id: 4, siteId: 3, status: 'confirmed', checkInDate: '2027-06-20', checkOutDate: '2027-07-02' }),
      ],
    }),
    aTenant('other', { sites: [aSite({ id: 1, siteNumber: 'Z9' })] }),
  ])) as [string];
  const get = (path: string, key = token) => server.get(path, key);
  return { world, server, token, get };
}

describe('GET /availability/', () => {
  it('lists every site of the tenant in site_number order with its free runs; not active means no free nights', async () => {
    const { get } = await camp();
    const reply = await get(`${API}/availability/?from=2027-07-01&to=2027-07-10`);
    expect(reply.status).toBe(200);
    expect(reply.headers.etag).toMatch(/^"/);
    expect(reply.json).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        {
          site_id: 1,
          site_number: 'A1',
          status: 'active',
          max_occupants: 4,
          free: [
            { from: '2027-07-01', to: '2027-07-03' },
            { from: '2027-07-06', to: '2027-07-10' },
          ],
        },
        { site_id: 2, site_number: 'A2', status: 'inactive', max_occupants: 4, free: [] },
        { site_id: 3, site_number: 'B1', status: 'active', max_occupants: 6, free: [{ from: '2027-07-02', to: '2027-07-10' }] },
      ],
    });
  });

  it('pages over the sites like /sites/, and its links keep the window', async () => {
    const { server, token, get } = await camp();
    const first = await get(`${API}/availability/?from=2027-07-01&to=2027-07-10&page_size=2`);
    expect(first.json.results.map((r: { site_id: number }) => r.site_id)).toEqual([1, 2]);
    expect(first.json.next).toMatch(/[?&]from=2027-07-01&/);
    expect(first.json.next).toMatch(/[?&]to=2027-07-10(&|$)/);
    const second = await server.get(first.json.next, token);
    expect(second.json.results.map((r: { site_id: number }) => r.site_id)).toEqual([3]);
    const last = await get(`${API}/availability/?from=2027-07-01&to=2027-07-10&page_size=2&page=2`);
    expect(last.json.results.map((r: { site_id: number }) => r.site_id)).toEqual([3]);
    expect((await get(`${API}/availability/?from=2027-07-01&to=2027-07-10&page=3&page_size=2`)).json).toEqual({ detail: 'Invalid page.' });
  });

  it('refuses a missing, malformed, reversed or too long window with field-keyed 400s, before the page', async () => {
    const { get } = await camp();
    const cases: Array<[string, unknown]> = [
      ['', { from: ['This field is required.'], to: ['This field is required.'] }],
      ['to=2027-07-10', { from: ['This field is required.'] }],
      ['from=2027-07-01&to=', { to: ['This field is required.'] }],
      ['from=2027-7-1&to=2027-07-10', { from: ['Enter a valid date.'] }],
      ['from=2027-07-10&to=2027-07-10', { to: ['Must be after from.'] }],
      ['from=2027-07-10&to=2027-07-01', { to: ['Must be after from.'] }],
      ['from=2027-01-01&to=2028-01-03', { to: ['At most 366 nights from from.'] }],
      ['from=2027-01-01&to=2028-01-03&page=99', { to: ['At most 366 nights from from.'] }],
    ];
    for (const [query, body] of cases) {
      const reply = await get(`${API}/availability/?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json, query).toEqual(body);
    }
    expect((await get(`${API}/availability/?from=2027-01-01&to=2028-01-02`)).status).toBe(200);
  });

  it('needs bookings:read, and answers only GET and HEAD', async () => {
    const { world, server, get } = await camp();
    const sitesOnly = await issueKey(world, 'camp', ['sites:read', 'bookings:write']);
    const refused = await get(`${API}/availability/?from=2027-07-01&to=2027-07-10`, sitesOnly);
    expect(refused.status).toBe(403);
    const reader = await issueKey(world, 'camp', ['bookings:read']);
    expect((await get(`${API}/availability/?from=2027-07-01&to=2027-07-10`, reader)).status).toBe(200);
    const post = await server.request('POST', `${API}/availability/`, { token: reader, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('agrees with POST /bookings/: a stay inside a free run is created, one over a blocked night is refused', async () => {
    const { server, token, get } = await camp();
    const stay = (site_id: number, check_in_date: string, check_out_date: string) =>
      server.request('POST', `${API}/bookings/`, { token, body: { site_id, check_in_date, check_out_date, num_adults: 2 } });
    expect((await stay(1, '2027-07-04', '2027-07-07')).json).toEqual({ detail: 'site_unavailable' });
    expect((await stay(2, '2027-07-01', '2027-07-02')).json).toEqual({ detail: 'site_unavailable' });
    expect((await stay(1, '2027-07-06', '2027-07-10')).status).toBe(201);
    const after = await get(`${API}/availability/?from=2027-07-01&to=2027-07-10`);
    expect(after.json.results[0].free).toEqual([{ from: '2027-07-01', to: '2027-07-03' }]);
  });
});
