import { describeApiKeyRepositoryContract, describeTenantRepositoryContract } from './access.contract';
import type { AdapterSetup } from './adapter-set';
import { describeBookingRepositoryContract } from './booking-repository.contract';
import { describeDataVersionsContract } from './data-versions.contract';
import { describeInvoiceDocumentsContract } from './invoice-documents.contract';
import { describeIdempotencyStoreContract } from './idempotency-store.contract';
import {
  describeCustomerRepositoryContract,
  describeInvoiceRepositoryContract,
  describeSiteRepositoryContract,
} from './list-repositories.contract';
import { describeRateLimiterContract } from './rate-limiter.contract';
import { describeTenantImporterContract } from './tenant-importer.contract';
import { describeSandboxContract } from './sandbox.contract';
import { describeEveryWriterContract } from './every-writer.contract';
import { describeFilteredCountsContract } from './filtered-counts.contract';
import { describeChangeFeedContract } from './change-feed.contract';
import { describeWebhookEndpointsContract } from './webhook-endpoints.contract';
import { describeWebhookDeliveryContract } from './webhook-delivery.contract';
import { describeTariffContract } from './tariff.contract';
import { describeSiteTypeRepositoryContract } from './site-types.contract';
import { describeQuotesContract } from './quotes.contract';
import { describeQuoteReadsContract } from './quote-reads.contract';

export * from './adapter-set';
export * from './access.contract';
export * from './booking-repository.contract';
export * from './data-versions.contract';
export * from './invoice-documents.contract';
export * from './idempotency-store.contract';
export * from './list-repositories.contract';
export * from './rate-limiter.contract';
export * from './tenant-importer.contract';
export * from './sandbox.contract';
export * from './new-booking';
export * from './raw-writer';
export * from './tariff-writer';
export * from './every-writer.contract';
export * from './filtered-counts.contract';
export * from './change-feed.contract';
export * from './webhook-endpoints.contract';
export * from './webhook-delivery.contract';
export * from './tariff.contract';
export * from './quotes.contract';
export * from './quote-reads.contract';

/**
 * Every port's contract against one backend; each suite gets its own `setup()`. What a backend lacks it declares in
 * its adapter set (`rateLimiter` absent), and the suites for it skip visibly.
 */
export function describeAdapterContracts(name: string, setup: AdapterSetup): void {
  describeTenantRepositoryContract(name, setup);
  describeApiKeyRepositoryContract(name, setup);
  describeTenantImporterContract(name, setup);
  describeSandboxContract(name, setup);
  describeSiteRepositoryContract(name, setup);
  describeCustomerRepositoryContract(name, setup);
  describeInvoiceRepositoryContract(name, setup);
  describeBookingRepositoryContract(name, setup);
  describeDataVersionsContract(name, setup);
  describeEveryWriterContract(name, setup);
  describeFilteredCountsContract(name, setup);
  describeChangeFeedContract(name, setup);
  describeInvoiceDocumentsContract(name, setup);
  describeWebhookEndpointsContract(name, setup);
  describeWebhookDeliveryContract(name, setup);
  describeIdempotencyStoreContract(name, setup);
  describeRateLimiterContract(name, setup);
  describeTariffContract(name, setup);
  describeSiteTypeRepositoryContract(name, setup);
  describeQuotesContract(name, setup);
  describeQuoteReadsContract(name, setup);
}
