import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type RequestObserver, type RequestOutcome, UNMATCHED_ROUTE, createApp } from '../src/index';
import { API, buildWorld, closeServers, seed, serve } from './support/http-harness';

afterEach(closeServers);

/** Keeps what the adapter reports, and whether `proceed` ran inside `begin`. */
function recorder() {
  const outcomes: RequestOutcome[] = [];
  const begun: string[] = [];
  const observer: RequestObserver = {
    begin(request, proceed) {
      begun.push(request.requestId);
      proceed();
      return (outcome) => outcomes.push(outcome);
    },
  };
  return { observer, outcomes, begun };
}

async function started(options: { perKeyPerMinute?: number } = {}) {
  const rec = recorder();
  const world = buildWorld({ ...options });
  const [token] = (await seed(world, [aTenant('alpine', { sites: [aSite({ id: 1 })], bookings: [aBooking({ id: 7, siteId: 1 })] })])) as [
    string,
  ];
  const server = await serve(createApp({ ...world.deps, observer: rec.observer }));
  /** The outcome of the last request, once its response has closed. */
  const last = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return rec.outcomes.at(-1)!;
  };
  return { rec, server, token, last };
}

describe('the request observer (docs/observability.md)', () => {
  it('names the route template, never the raw path: ids, trailing slash and undecodable ids alike', async () => {
    const { server, token, last } = await started();
    const cases: Array<[string, string]> = [
      [`${API}/bookings/`, `${API}/bookings/`],
      [`${API}/bookings`, `${API}/bookings/`],
      [`${API}/bookings/7/`, `${API}/bookings/{id}/`],
      [`${API}/bookings/99999`, `${API}/bookings/{id}/`],
      [`${API}/bookings/%E0%A4%A/`, `${API}/bookings/{id}/`],
      [`${API}/sites/`, `${API}/sites/`],
      [`${API}/customers/`, `${API}/customers/`],
      [`${API}/invoices/`, `${API}/invoices/`],
      [`${API}/changes`, `${API}/changes/`],
      [`${API}/invoices/12/`, `${API}/invoices/{id}/`],
      [`${API}/invoices/12/lines`, `${API}/invoices/{id}/lines/`],
      [`${API}/invoices/12/pdf/`, `${API}/invoices/{id}/pdf/`],
      [`${API}/invoices/12/nothing/`, UNMATCHED_ROUTE],
      ['/healthz', '/healthz'],
      ['/readyz/', '/readyz'],
      ['/openapi.json', '/openapi.json'],
      ['/docs/', '/docs'],
      ['/docs/assets/init.js', '/docs/assets/{asset}'],
      ['/docs/assets/unknown.js', UNMATCHED_ROUTE],
      ['/docs/guides', '/docs/guides/'],
      ['/docs/guides/webhooks', '/docs/guides/{guide}/'],
      ['/docs/guides/versioning/', '/docs/guides/{guide}/'],
      ['/docs/guides/operations/', UNMATCHED_ROUTE],
      [`${API}/webhook-endpoints/`, `${API}/webhook-endpoints/`],
      [`${API}/bookings/7/extra/`, UNMATCHED_ROUTE],
      ['/metrics', UNMATCHED_ROUTE],
      ['/ck_d7T4aogrKwV6h2sDvQvUFcLB604ep', UNMATCHED_ROUTE],
    ];
    for (const [path, route] of cases) {
      await server.get(path, token);
      expect((await last()).route, path).toBe(route);
    }
  });

  it('reports status, request id, timings and what kind of refusal it was', async () => {
    const { rec, server, token, last } = await started({ perKeyPerMinute: 1 });
    const ok = await server.get(`${API}/bookings/7/`, token);
    const served = await last();
    expect(served).toMatchObject({ method: 'GET', status: 200, authenticated: true, errorCode: undefined, aborted: false });
    expect(served.requestId).toBe(ok.headers['x-request-id']);
    expect(rec.begun).toContain(served.requestId);
    expect(served.durationMs).toBeGreaterThan(0);
    expect(served.authMs).toBeGreaterThan(0);
    expect(served.renderMs).toBeGreaterThan(0);
    expect(served.authMs + served.renderMs).toBeLessThanOrEqual(served.durationMs);

    await server.get(`${API}/bookings/7/`, token);
    expect(await last()).toMatchObject({ status: 429, authenticated: true, errorCode: 'throttled' });

    await server.get(`${API}/bookings/`, 'ck_wrongwrongwrongwrongwrongwrong');
    expect(await last()).toMatchObject({ status: 401, authenticated: false, errorCode: 'invalid_key' });

    await server.get(`${API}/nowhere/`, token);
    expect(await last()).toMatchObject({ status: 404, route: UNMATCHED_ROUTE, authMs: 0, errorCode: undefined });
    expect(rec.outcomes).toHaveLength(rec.begun.length);
  });

  it('counts a 429 before any key was recognised as the failed-attempts limit', async () => {
    const rec = recorder();
    const world = buildWorld({ authFailuresPerMinute: 1 });
    const server = await serve(createApp({ ...world.deps, observer: rec.observer }));
    await server.get(`${API}/sites/`, 'ck_wrongwrongwrongwrongwrongwrong');
    await server.get(`${API}/sites/`, 'ck_wrongwrongwrongwrongwrongwrong');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rec.outcomes.map((o) => [o.status, o.authenticated, o.errorCode])).toEqual([
      [401, false, 'invalid_key'],
      [429, false, 'throttled'],
    ]);
  });
});
