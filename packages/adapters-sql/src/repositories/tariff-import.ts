import type { Tariff } from '@campsite/domain';
import type { SqlExecutor } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';

/**
 * A tenant's tariff as the import writes it (migration 019; docs/import-format.md): after its site types, with the
 * row triggers on, so the database refuses overlaps and unknown types as it does for any writer. A season or stay
 * rule moves its site type when it is written; the import then gives every type the time of the import again, as a
 * type without a tariff has it.
 */
export async function importTariff(db: SqlDatabase, tx: SqlExecutor, tenantId: number, tariff: Tariff, importedAt: unknown) {
  const { dialect } = db;
  await tx.insertMany(
    'seasons',
    ['tenant_id', 'site_type_id', 'from_date', 'to_date', 'pitch', 'adult', 'youth', 'child', 'vat_rate'],
    tariff.seasons.map((s) => [tenantId, s.siteTypeId, s.from, s.to, s.pitch, s.adult, s.youth, s.child, s.vatRate]),
  );
  await tx.insertMany(
    'restrictions',
    ['tenant_id', 'site_type_id', 'from_date', 'to_date', 'min_stay', 'max_stay', 'closed_to_arrival', 'closed_to_departure', 'stop_sell'],
    tariff.restrictions.map((r) => [
      tenantId,
      r.siteTypeId,
      r.from,
      r.to,
      r.minStay,
      r.maxStay,
      dialect.flag(r.closedToArrival),
      dialect.flag(r.closedToDeparture),
      dialect.flag(r.stopSell),
    ]),
  );
  await tx.insertMany(
    'extras',
    ['tenant_id', 'id', 'code', 'name', 'per', 'price', 'vat_rate', 'compulsory_for', 'updated_at'],
    tariff.extras.map((e) => [tenantId, e.id, e.code, e.name, e.per, e.price, e.vatRate, JSON.stringify(e.compulsoryFor), importedAt]),
  );
  const tax = tariff.touristTax;
  if (tax) {
    await tx.insertMany(
      'tourist_taxes',
      ['tenant_id', 'adult', 'youth', 'child', 'max_nights'],
      [[tenantId, tax.adult, tax.youth, tax.child, tax.maxNights]],
    );
  }
  if (tariff.seasons.length + tariff.restrictions.length > 0) {
    await tx.run('UPDATE site_types SET updated_at = ? WHERE tenant_id = ?', [importedAt, tenantId]);
  }
}
