import { describe, expect, it } from 'vitest';
import { CreateBooking } from '../bookings/create-booking';
import { GetBooking } from '../bookings/get-booking';
import { ListBookings } from '../bookings/list-bookings';
import { ListCustomers } from '../customers/list-customers';
import { ListInvoices } from '../invoices/list-invoices';
import { ListSites } from '../sites/list-sites';
import { RecordingWebhookTransport, SeededRandom, aBooking, aSite, aStay, aTenant } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import type { Principal } from './api-key';
import { SCOPES, type Scope, isScope } from './scopes';
import { ManageWebhookEndpoints } from '../webhooks/manage-webhook-endpoints';

const page = { page: 1, pageSize: 50 };
const bookingInput = { siteId: 1, fields: aStay('2026-08-01', '2026-08-02') };

type UseCase = { scope: Scope; run(principal: Principal): Promise<unknown> };

/** Each public use case, the scope the spec's endpoint table gives it, and one call that succeeds with that scope. */
const USE_CASES: Array<[string, Scope, (w: World) => UseCase]> = [
  [
    'ListBookings',
    'bookings:read',
    (w) => {
      const u = new ListBookings(w.bookings);
      return { scope: u.scope, run: (p) => u.execute(p, {}, page) };
    },
  ],
  [
    'GetBooking',
    'bookings:read',
    (w) => {
      const u = new GetBooking(w.bookings);
      return { scope: u.scope, run: (p) => u.execute(p, 1) };
    },
  ],
  [
    'CreateBooking',
    'bookings:write',
    (w) => {
      const u = new CreateBooking({
        bookings: w.bookings,
        sites: w.sites,
        clock: w.clock,
        random: new SeededRandom(),
        customers: w.customers,
        quotes: w.quotes,
        tariffs: w.tariffs,
      });
      return { scope: u.scope, run: (p) => u.execute(p, bookingInput) };
    },
  ],
  [
    'ListSites',
    'sites:read',
    (w) => {
      const u = new ListSites(w.sites);
      return { scope: u.scope, run: (p) => u.execute(p, page) };
    },
  ],
  [
    'ListCustomers',
    'customers:read',
    (w) => {
      const u = new ListCustomers(w.customers);
      return { scope: u.scope, run: (p) => u.execute(p, page) };
    },
  ],
  [
    'ListInvoices',
    'invoices:read',
    (w) => {
      const u = new ListInvoices(w.invoices);
      return { scope: u.scope, run: (p) => u.execute(p, page) };
    },
  ],
  [
    'ManageWebhookEndpoints',
    'webhooks:manage',
    (w) => {
      const u = new ManageWebhookEndpoints(
        w.webhooks,
        { accepts: () => true },
        w.clock,
        new SeededRandom(),
        new RecordingWebhookTransport(),
        w.deliveries,
      );
      return { scope: u.scope, run: (p) => u.list(p) };
    },
  ],
];

const newWorld = () =>
  aWorld([
    aTenant('alpine', {
      sites: [aSite({ id: 1 })],
      bookings: [aBooking({ id: 1, checkInDate: '2026-01-01', checkOutDate: '2026-01-02' })],
    }),
  ]);

describe('scopes (spec, Authentication §4 and §5)', () => {
  it('knows exactly the five v1 scopes, webhooks:manage of v1.1 and rates:read of v1.2', () => {
    expect([...SCOPES].sort()).toEqual([
      'bookings:read',
      'bookings:write',
      'customers:read',
      'invoices:read',
      'rates:read',
      'sites:read',
      'webhooks:manage',
    ]);
    expect(isScope('bookings:read')).toBe(true);
    expect(isScope('bookings:delete')).toBe(false);
    expect(isScope('BOOKINGS:READ')).toBe(false);
  });

  it.each(USE_CASES)('%s declares the scope %s and succeeds holding only that scope', async (_name, scope, make) => {
    const world = await newWorld();
    const useCase = make(world);
    expect(useCase.scope).toBe(scope);
    await expect(useCase.run(world.principal('alpine', [scope]))).resolves.toBeDefined();
  });

  it.each(USE_CASES)('%s is permission_denied without %s, even holding every other scope', async (_name, scope, make) => {
    const world = await newWorld();
    const useCase = make(world);
    expect(
      (
        await rejectionOf(
          useCase.run(
            world.principal(
              'alpine',
              SCOPES.filter((s) => s !== scope),
            ),
          ),
        )
      ).code,
    ).toBe('permission_denied');
    expect((await rejectionOf(useCase.run(world.principal('alpine', [])))).code).toBe('permission_denied');
    expect(world.store.bookings).toHaveLength(1);
  });

  it('checks the scope before the site: a key without bookings:write learns nothing about sites', async () => {
    const world = await newWorld();
    const create = new CreateBooking({
      bookings: world.bookings,
      sites: world.sites,
      clock: world.clock,
      random: new SeededRandom(),
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
    });
    const request = { ...bookingInput, siteId: 404 };
    expect((await rejectionOf(create.execute(world.principal('alpine', ['bookings:read']), request))).code).toBe('permission_denied');
  });
});
