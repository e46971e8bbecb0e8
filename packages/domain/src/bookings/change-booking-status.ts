import { DomainError } from '../shared/domain-error';
import type { SiteRepository } from '../sites/site';
import type { TenantRepository } from '../tenants/tenant';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';
import { type KnownBookingStatus, canTransition } from './booking-status';
import type { PricingEngine } from './placeholder-pricing';

/**
 * The operator's transitions (docs/api-behaviour.md §5), driven from the CLI rather than the public API. Confirmation reprices
 * the booking through the PricingEngine; other transitions keep the price.
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
    if (to === 'confirmed') {
      const site = await this.sites.findById(tenant.id, booking.siteId);
      if (site) price = await this.pricing.price(booking, site);
    }
    const updated = await this.bookings.updateStatus(tenant.id, bookingId, booking.status, to, price);
    // Lost a race with another operator: report the state that won rather than overwrite it.
    if (!updated) throw new DomainError('invalid_transition', `booking ${bookingId} changed while being updated`);
    return updated;
  }
}
