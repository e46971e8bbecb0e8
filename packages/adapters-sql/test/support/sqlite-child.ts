/**
 * A separate process on a shared SQLite file, for the cross-process tests (better-sqlite3 is synchronous, so real
 * concurrency needs processes). It loads, prints "ready", waits for "go" on stdin, does its work and prints one
 * JSON line with the outcome.
 *   migrate: runs migrate()
 *   insert TENANT_ID ATTEMPTS: that many parallel overlapping creates on site 1
 */
import { createInterface } from 'node:readline';
import { isDomainError } from '@campsite/domain';
import { openPersistence } from '../../src';
import { aRaceBooking } from './race-booking';

const [path, mode, tenantArg, attemptsArg] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) if (line.trim() === 'go') break;
// Opened after "go", so that the processes also race on opening (and switching a fresh file to WAL).
const persistence = await openPersistence(`sqlite:${path}`);

if (mode === 'migrate') {
  await persistence.migrate();
  console.log(JSON.stringify({ migrated: true }));
} else {
  const tenantId = Number(tenantArg);
  const attempts = Array.from({ length: Number(attemptsArg) }, (_, i) =>
    persistence.bookings.insertIfAvailable(aRaceBooking(tenantId, `P${process.pid}X${i}`, i)),
  );
  const outcomes = await Promise.allSettled(attempts);
  const created = outcomes.filter((o) => o.status === 'fulfilled').length;
  const unavailable = outcomes.filter((o) => o.status === 'rejected' && isDomainError(o.reason, 'site_unavailable')).length;
  const other = outcomes
    .filter((o) => o.status === 'rejected' && !isDomainError(o.reason, 'site_unavailable'))
    .map((o) => String((o as PromiseRejectedResult).reason));
  console.log(JSON.stringify({ created, unavailable, other }));
}
lines.close();
await persistence.close();
