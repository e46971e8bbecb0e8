import { priceStay } from './price-stay';
import type { PricedStay, StayRequest } from './tariff';
import type { TariffRepository } from './tariff-repository';

/**
 * Prices a stay for a tenant (docs/pricing.md). The service's one implementation is the rule of `priceStay` over the
 * tenant's stored tariff; a platform may plug in its own, as long as quotes, confirmations and invoices all go
 * through it.
 */
export interface PricingEngine {
  /**
   * @throws DomainError `no_tariff` when a night lies in no season of the stay's site type
   * @throws DomainError `unknown_extra` for an extra the tariff does not have
   */
  price(tenantId: number, stay: StayRequest): Promise<PricedStay>;
}

/** PricingEngine by the stored tariff: one read of it, then the pure rule. */
export class TariffPricingEngine implements PricingEngine {
  constructor(private readonly tariffs: TariffRepository) {}

  async price(tenantId: number, stay: StayRequest): Promise<PricedStay> {
    return priceStay(await this.tariffs.tariffOf(tenantId), stay);
  }
}
