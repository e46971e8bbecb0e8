// A complete mirror: every site, booking, customer and invoice of the key's tenant, written to ./mirror/*.json.
// Run: NODE_EXTRA_CA_CERTS=data/dev-cert.pem CAMPSITE_URL=https://127.0.0.1:8443 CAMPSITE_KEY=ck_… npx tsx mirror.ts
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { CampsiteClient } from '@campsite/client';

const api = new CampsiteClient({ baseUrl: process.env.CAMPSITE_URL ?? 'https://127.0.0.1:8443', apiKey: process.env.CAMPSITE_KEY ?? '' });
const lists = { sites: api.sites, bookings: api.bookings, customers: api.customers, invoices: api.invoices };

mkdirSync('mirror', { recursive: true });
for (const [name, list] of Object.entries(lists)) {
  const byId = new Map<number, unknown>();
  // `all` follows `next` page by page and retries 429, 5xx, timeouts and network errors with backoff.
  for await (const record of list.all({ page_size: '200' })) byId.set(record.id, record);
  // Write the new snapshot beside the old one, then swap it in, so a reader never sees half a mirror.
  writeFileSync(`mirror/${name}.json.tmp`, JSON.stringify([...byId.values()]));
  renameSync(`mirror/${name}.json.tmp`, `mirror/${name}.json`);
  console.log(`${name}: ${byId.size}`);
}
