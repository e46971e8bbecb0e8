import type { ExtraRequest, NewQuote, PricedLine, Quote, QuoteRepository } from '@campsite/domain';
import { type RawRow, toInt } from '../sql-executor';
import type { SqlDatabase } from '../sql-database';
import { jsonList } from './row-mappers';

const COLUMNS =
  'id, tenant_id, site_type_id, site_id, check_in_date, check_out_date, num_adults, num_youth, num_children, extras, lines, ' +
  'total_price, expires_at, created_at, booking_id';

/** Moves the tenant's quote counter on by one (making the row for its first quote) and answers the new id. */
const NEXT_ID =
  'INSERT INTO quote_counters (tenant_id, last_quote_id) VALUES (?, 1) ON CONFLICT (tenant_id) ' +
  'DO UPDATE SET last_quote_id = quote_counters.last_quote_id + 1 RETURNING last_quote_id';
/** The placeholders of the columns after the id. */
const AFTER_ID = Array.from(COLUMNS.split(', ').slice(1), () => '?').join(', ');
const INSERT_QUOTE = `INSERT INTO quotes (${COLUMNS}) VALUES (?, ${AFTER_ID})`;
/** Both at once: the counter's tenant, then the quote's columns after its id. */
const INSERT_UNDER_NEXT_ID =
  `WITH counter AS (${NEXT_ID}) INSERT INTO quotes (${COLUMNS}) ` +
  `VALUES ((SELECT last_quote_id FROM counter), ${AFTER_ID}) RETURNING id`;

/**
 * Quotes (migration 019). A quote never changes once stored, except for the booking made from it, which the create
 * sets in its own transaction (booking-inserts.ts); its extras and lines are kept as JSON, as they were priced.
 */
export class SqlQuoteRepository implements QuoteRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * The tenant's next id from its `quote_counters` row, and the quote under it. The row is locked until the quote
   * commits, so quotes of one tenant take turns there: on PostgreSQL both go in one statement, so that the row is
   * never held across a round trip; SQLite's write transactions (group commit) run without waiting between statements.
   */
  async insert(quote: NewQuote): Promise<Quote> {
    const { db } = this;
    const values = this.valuesOf(quote);
    if (db.dialect.name === 'postgres') {
      const row = await db.get<{ id: unknown }>(INSERT_UNDER_NEXT_ID, [quote.tenantId, ...values]);
      return { ...structuredClone(quote), id: toInt(row!.id), bookingId: null };
    }
    return db.transaction(async (tx) => {
      const counter = await tx.get<{ last_quote_id: unknown }>(NEXT_ID, [quote.tenantId]);
      const id = toInt(counter!.last_quote_id);
      await tx.run(INSERT_QUOTE, [id, ...values]);
      return { ...structuredClone(quote), id, bookingId: null };
    });
  }

  /** A quote's columns after its id, as INSERT_QUOTE takes them. */
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
