import { DomainError, isDomainError } from '../shared/domain-error';
import type { PricedLine } from '../pricing/tariff';
import type { PricingEngine } from '../pricing/pricing-engine';
import { placeholderPrice } from './placeholder-pricing';
import type { SiteRepository } from '../sites/site';
import type { TenantRepository } from '../tenants/tenant';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';
import { type KnownBookingStatus, canTransition } from './booking-status';

/**
 * The operator's transitions (docs/booking-lifecycle.md), driven from the CLI rather than the public API. Confirmation
 * prices the booking (docs/pricing.md): one made from a quote keeps the quote's total and lines; any other is priced
 * by the tariff with its site type's compulsory extras when every night lies in a season, and gets the placeholder
 * price (the pitch's base price times the nights) otherwise. Other transitions keep the price.
 */
export class ChangeBookingStatus {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly bookings: BookingRepository,
    private readonly sites: SiteRepository,
    private readonly pricing: PricingEngine,
  ) {}

  async execute(tenantSlug: string, bookingId: number, to: KnownBookingStatus): Promise<Booking> {
    const tenant = await this.tenants.findBySlug(tenantSlug);
    if (!tenant) throw new DomainError('tenant_not_found', `unknown tenant "${tenantSlug}"`);
    const booking = await this.bookings.findById(tenant.id, bookingId);
    if (!booking) throw new DomainError('not_found', `booking ${bookingId} not found in tenant "${tenantSlug}"`);
    if (!canTransition(booking.status, to)) {
      throw new DomainError('invalid_transition', `booking ${bookingId} is ${booking.status}; it cannot become ${to}`);
    }
    let price = booking.totalPrice;
    let lines: PricedLine[] | undefined;
    if (to === 'confirmed' && booking.quoteId === null) {
      const site = await this.sites.findById(tenant.id, booking.siteId);
      const priced = site === null ? null : await this.priced(tenant.id, booking, site.siteTypeId);
      if (priced) ({ total: price, lines } = priced);
      else if (site) price = placeholderPrice(site.basePricePerNight, booking.checkInDate, booking.checkOutDate);
    }
    const updated = await this.bookings.updateStatus(tenant.id, bookingId, booking.status, to, price, lines);
    // Lost a race with another operator: report the state that won rather than overwrite it.
    if (!updated) throw new DomainError('invalid_transition', `booking ${bookingId} changed while being updated`);
    return updated;
  }

  /** The booking by the tariff, or null when a night lies in no season of its site type. */
  private async priced(tenantId: number, booking: Booking, siteTypeId: number) {
    try {
      return await this.pricing.price(tenantId, {
        siteTypeId,
        checkInDate: booking.checkInDate,
        checkOutDate: booking.checkOutDate,
        numAdults: booking.numAdults,
        numYouth: booking.numYouth,
        numChildren: booking.numChildren,
        extras: [],
      });
    } catch (error) {
      if (isDomainError(error, 'no_tariff')) return null;
      throw error;
    }
  }
}
