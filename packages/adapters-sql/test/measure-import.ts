/**
 * Measures the bulk import and list reads at the scale of a large tenant. Not a test: it prints numbers.
 *   npx tsx packages/adapters-sql/test/measure-import.ts [BOOKINGS] [DATABASE_URL]
 * Without DATABASE_URL it measures a temporary SQLite file, and Postgres too when TEST_DATABASE_URL is set.
 */
import { join } from 'node:path';
import { aBooking, aSite, aTenant, aUser, anInvoice } from '@campsite/domain/testing';
import { dateCursor } from '@campsite/domain';
import { openPersistence } from '../src';
import { adminQuery, tempDir, withSchema } from './support/databases';

const bookings = Number(process.argv[2] ?? 100_000);
const statuses = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'];

function snapshot(slug: string) {
  const sites = Array.from({ length: 500 }, (_, i) => aSite({ id: i + 1, siteNumber: `S${i + 1}` }));
  return aTenant(slug, {
    sites,
    users: Array.from({ length: 20_000 }, (_, i) => aUser({ id: i + 1, role: i % 10 === 0 ? 'staff' : 'customer' })),
    bookings: Array.from({ length: bookings }, (_, i) => {
      const day = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10);
      const out = new Date(Date.UTC(2020, 0, 1) + ((i % 2000) + 2) * 86_400_000).toISOString().slice(0, 10);
      return aBooking({
        id: i + 1,
        siteId: (i % 500) + 1,
        status: statuses[i % 5]!,
        checkInDate: day,
        checkOutDate: out,
        createdAt: new Date(Date.UTC(2020, 0, 1) + i * 1000),
      });
    }),
    invoices: Array.from({ length: 50_000 }, (_, i) => anInvoice({ id: i + 1 })),
  });
}

async function timed<T>(work: () => Promise<T>, repeat = 1): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  let result!: T;
  for (let i = 0; i < repeat; i++) result = await work();
  return { ms: (performance.now() - start) / repeat, result };
}

async function measure(label: string, url: string): Promise<void> {
  const persistence = await openPersistence(url);
  await persistence.migrate();
  const tenant = snapshot(`measure-${Date.now()}`);
  const rows = tenant.sites.length + tenant.users.length + tenant.bookings.length + tenant.invoices.length;
  const { ms } = await timed(() => persistence.importer.importTenants([tenant]));
  console.log(`${label}: imported ${rows} rows in ${ms.toFixed(0)} ms = ${Math.round(rows / (ms / 1000))} rows/s`);

  const tenantId = (await persistence.tenants.findBySlug(tenant.slug))!.id;
  const page = (n: number) => persistence.bookings.list(tenantId, {}, { offset: (n - 1) * 50, limit: 50 });
  const first = await timed(() => page(1), 50);
  const deep = await timed(() => page(500), 20);
  const before500 = (await page(499)).at(-1)!;
  const cursor = dateCursor(before500.createdAt, before500.id);
  const keyset = await timed(() => persistence.bookings.list(tenantId, {}, { offset: 499 * 50, limit: 50, after: cursor }), 50);
  const count = await timed(() => persistence.bookings.count(tenantId, {}), 200);
  const countStatus = await timed(() => persistence.bookings.count(tenantId, { status: 'confirmed' }), 200);
  const countRange = await timed(() => persistence.bookings.count(tenantId, { checkInFrom: '2021-01-01', checkInTo: '2021-03-31' }), 50);
  const byStatus = await timed(() => persistence.bookings.list(tenantId, { status: 'no_show' }, { offset: 0, limit: 50 }), 50);
  const byRange = await timed(
    () => persistence.bookings.list(tenantId, { checkInFrom: '2021-01-01', checkInTo: '2021-01-31' }, { offset: 0, limit: 50 }),
    50,
  );
  const customers = await timed(() => persistence.customers.list(tenantId, { offset: 0, limit: 50 }), 50);
  const invoices = await timed(() => persistence.invoices.list(tenantId, { offset: 0, limit: 50 }), 50);
  const sites = await timed(() => persistence.sites.list(tenantId, { offset: 0, limit: 50 }), 50);
  console.log(
    `${label}: page 1 by status ${byStatus.ms.toFixed(2)} ms, by check-in range ${byRange.ms.toFixed(2)} ms; ` +
      `customers ${customers.ms.toFixed(2)} ms, invoices ${invoices.ms.toFixed(2)} ms, sites ${sites.ms.toFixed(2)} ms`,
  );
  console.log(
    `${label}: page 1 ${first.ms.toFixed(2)} ms, page 500 by offset ${deep.ms.toFixed(2)} ms, page 500 by cursor ` +
      `${keyset.ms.toFixed(2)} ms; ` +
      `count ${count.ms.toFixed(3)} ms, by status ${countStatus.ms.toFixed(3)} ms, check-in range ` +
      `${countRange.ms.toFixed(2)} ms (${countRange.result})`,
  );
  await persistence.close();
}

const explicit = process.argv[3];
if (explicit) await measure(explicit.split(':')[0]!, explicit);
else {
  const dir = tempDir('measure');
  await measure('sqlite', `sqlite:${join(dir.path, 'measure.db')}`);
  dir.remove();
  const pg = process.env.TEST_DATABASE_URL;
  if (pg) {
    const schema = `campsite_measure_${process.pid}`;
    await adminQuery(pg, `CREATE SCHEMA ${schema}`);
    try {
      await measure('postgres', withSchema(pg, schema));
    } finally {
      await adminQuery(pg, `DROP SCHEMA ${schema} CASCADE`);
    }
  }
}
