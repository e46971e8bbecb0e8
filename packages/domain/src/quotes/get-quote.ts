import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import { DomainError } from '../shared/domain-error';
import { isRecordId } from '../shared/record-id';
import type { Quote, QuoteRepository } from './quote';

/** `GET /quotes/{id}/` (`bookings:write`): a quote of the caller's tenant, else `not_found` as for bookings. */
export class GetQuote {
  readonly scope: Scope = 'bookings:write';

  constructor(private readonly quotes: QuoteRepository) {}

  async execute(principal: Principal, id: number): Promise<Quote> {
    requireScope(principal, this.scope);
    const quote = isRecordId(id) ? await this.quotes.findById(principal.tenantId, id) : null;
    if (quote === null) throw new DomainError('not_found');
    return quote;
  }
}
