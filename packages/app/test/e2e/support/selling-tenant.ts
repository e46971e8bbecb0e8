import { expect } from 'vitest';
import { type Backend, cliEnv, runCli, startServe, workDirectory } from '../harness';
import { fixtureFile } from './sample-server';

/**
 * The sample tenant with a tariff (docs/pricing.md, in the fixture's words of docs/import-format.md): tent pitches
 * (site type 1) have a low season in June 2027 and a high one in July and August, with a two-night minimum in July;
 * camper pitches (type 2, whose only pitch is inactive) have no season. A dog costs per night, the waste fee is
 * compulsory for tents, and the tourist tax charges two nights at most. A tent pitch numbered A00, added last, sorts
 * before A01 and A02; A01 is taken from 28 June to 5 July 2027 by an imported booking.
 */
export function sellingTenant(doc: any): void {
  const tenant = doc.tenants[0];
  tenant.api_keys[0].scopes.push('rates:read');
  tenant.sites.push({
    id: 4,
    site_number: 'A00',
    name: 'Gate',
    max_occupants: 4,
    base_price_per_night: '30.00',
    status: 'active',
    site_type_id: 1,
  });
  tenant.bookings.push({
    id: 3,
    booking_reference: 'T4K9W2M7QX',
    guest_first_name: 'Urs',
    guest_last_name: 'Imhof',
    guest_email: '',
    site_id: 1,
    check_in_date: '2027-06-28',
    check_out_date: '2027-07-05',
    num_adults: 2,
    status: 'confirmed',
    total_price: '210.00',
    created_at: '2026-11-02T09:00:00Z',
    source: 'admin',
  });
  const prices = { youth: '5.00', vat_rate: '3.80' };
  tenant.seasons = [
    { site_type_id: 1, from: '2027-06-01', to: '2027-06-30', pitch: '22.00', adult: '8.50', child: '3.00', ...prices },
    { site_type_id: 1, from: '2027-07-01', to: '2027-08-31', pitch: '30.00', adult: '9.50', child: '4.00', ...prices },
  ];
  tenant.restrictions = [{ site_type_id: 1, from: '2027-07-01', to: '2027-07-31', min_stay: 2, max_stay: 21 }];
  tenant.extras = [
    { id: 1, code: 'dog', name: 'Dog', per: 'night', price: '5.00', vat_rate: '8.10', compulsory_for: [] },
    { id: 2, code: 'waste', name: 'Waste fee', per: 'stay', price: '3.00', vat_rate: '8.10', compulsory_for: [1] },
    { id: 3, code: 'power', name: 'Electricity (16 A)', per: 'night', price: '4.50', vat_rate: '8.10', compulsory_for: [2] },
  ];
  tenant.tourist_tax = { adult: '2.50', youth: '1.20', child: '0.00', max_nights: 2 };
}

/** A fresh database of `backend` with the selling tenant imported by `campsite import`, and `campsite serve` on it. */
export async function importSellingTenant(backend: Backend) {
  const cwd = workDirectory();
  const env = cliEnv(await backend.freshDatabase());
  const imported = await runCli(['import', fixtureFile(cwd, 'selling.json', sellingTenant)], env, cwd);
  expect(imported.stdout, imported.stderr).toMatch(/^imported 1 tenant, /);
  expect(imported.code).toBe(0);
  const server = await startServe(env, cwd);
  return { cwd, env, server };
}
