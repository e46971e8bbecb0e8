import type { ExtraRequest, NewQuote, PricedLine, Quote, QuoteRepository } from '@campsite/domain';
import { type RawRow, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { jsonList } from './row-mappers';

const COLUMNS =
  'id, tenant_id, site_type_id, site_id, check_in_date, check_out_date, num_adults, num_youth, num_children, extras, lines, ' +
  'total_price, expires_at, created_at, booking_id';
const COLUMN_LIST = COLUMNS.split(', ');

/** Moves the tenant's quote counter on by one (making the row for its first quote) and answers the new id. */
const NEXT_ID =
  'INSERT INTO quote_counters (tenant_id, last_quote_id) VALUES (?, 1) ON CONFLICT (tenant_id) ' +
  'DO UPDATE SET last_quote_id = quote_counters.last_quote_id + 1 RETURNING last_quote_id';

/**
 * Quotes (migration 019). A quote never changes once stored, except for the booking made from it, which the create
 * sets in its own transaction (booking-inserts.ts); its extras and lines are kept as JSON, as they were priced.
 */
export class SqlQuoteRepository implements QuoteRepository {
  constructor(private readonly db: SqlDatabase) {}

  /** The tenant's next id from its `quote_counters` row, and the quote under it (SqlDialect.insertUnderCounter). */
  async insert(quote: NewQuote): Promise<Quote> {
    const id = await this.db.dialect.insertUnderCounter(this.db, {
      counter: NEXT_ID,
      counterParams: [quote.tenantId],
      table: 'quotes',
      columns: COLUMN_LIST,
      values: this.valuesOf(quote),
    });
    return { ...structuredClone(quote), id, bookingId: null };
  }

  /** A quote's columns after its id, in COLUMNS' order. */
  private valuesOf(quote: NewQuote): unknown[] {
    const { dialect } = this.db;
    return [
      quote.tenantId,
      quote.siteTypeId,
      quote.siteId,
      quote.checkInDate,
      quote.checkOutDate,
      quote.numAdults,
      quote.numYouth,
      quote.numChildren,
      JSON.stringify(quote.extras),
      JSON.stringify(quote.lines),
      quote.total,
      dialect.time(quote.expiresAt),
      dialect.time(quote.createdAt),
      null,
    ];
  }

  async findById(tenantId: number, id: number): Promise<Quote | null> {
    const [row] = await this.db.rows(`SELECT ${COLUMNS} FROM quotes WHERE tenant_id = ? AND id = ?`, [tenantId, id]);
    return row ? this.toQuote(row) : null;
  }

  purgeExpired(before: Date): Promise<number> {
    return this.db.run('DELETE FROM quotes WHERE booking_id IS NULL AND expires_at < ?', [this.db.dialect.time(before)]);
  }

  private toQuote(row: RawRow): Quote {
    const { dialect } = this.db;
    return {
      id: toInt(row[0]),
      tenantId: toInt(row[1]),
      siteTypeId: toInt(row[2]),
      siteId: row[3] === null ? null : toInt(row[3]),
      checkInDate: row[4] as string,
      checkOutDate: row[5] as string,
      numAdults: toInt(row[6]),
      numYouth: toInt(row[7]),
      numChildren: toInt(row[8]),
      extras: jsonList<ExtraRequest>(row[9]),
      lines: jsonList<PricedLine>(row[10]),
      total: toInt(row[11]),
      expiresAt: dialect.readTime(row[12]),
      createdAt: dialect.readTime(row[13]),
      bookingId: row[14] === null ? null : toInt(row[14]),
    };
  }
}
