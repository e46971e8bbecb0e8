import type { BookingRepository } from '../bookings/booking-repository';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';
import type { TenantRepository } from '../tenants/tenant';
import { type Invoice, type InvoiceRepository, PAYABLE_INVOICE_STATUS } from './invoice';
import { zurichDateOf } from './invoice-document';

/**
 * The operator's `invoices issue` (docs/accounting.md, "Issuing an invoice"): an `OFFEN` invoice of a booking whose
 * lines are the booking's priced lines, as quoted or as priced at confirmation, and whose total is the booking's, so
 * that the quote, the booking, the invoice and its QR-bill state one amount to the Rappen.
 */
export class IssueInvoice {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly bookings: BookingRepository,
    private readonly invoices: InvoiceRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * @throws DomainError `tenant_not_found`, `not_found` (no such booking), `no_priced_lines` (a placeholder price),
   *   `invoice_exists` (an invoice of the booking that is not `STORNIERT`)
   */
  async execute(tenantSlug: string, bookingId: number): Promise<Invoice> {
    const tenant = await this.tenants.findBySlug(tenantSlug);
    if (!tenant) throw new DomainError('tenant_not_found', `unknown tenant "${tenantSlug}"`);
    const booking = await this.bookings.findById(tenant.id, bookingId);
    if (!booking) throw new DomainError('not_found', `booking ${bookingId} not found in tenant "${tenantSlug}"`);
    const lines = await this.bookings.linesOf(tenant.id, bookingId);
    if (lines.length === 0) {
      throw new DomainError('no_priced_lines', `booking ${bookingId} has no priced lines: confirm it with a tariff first`);
    }
    const issuedAt = this.clock.now();
    return this.invoices.issue(tenant.id, {
      bookingId,
      totalChf: booking.totalPrice,
      status: PAYABLE_INVOICE_STATUS,
      issuedAt,
      // New Year's night in Zurich is still the old year in UTC: the number follows the date the invoice shows.
      numberYear: zurichDateOf(issuedAt).slice(0, 4),
      lines: lines.map(({ position, kind, code, description, quantity, unitPrice, vatRate, amount }) => ({
        position,
        kind,
        code,
        description,
        quantity,
        unitPrice,
        vatRate,
        amount,
      })),
    });
  }
}
