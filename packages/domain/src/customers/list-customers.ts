import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/verify-api-key';
import { type Page, type PageHint, type PageRequest, dateCursor, paginate } from '../shared/pagination';
import type { Customer, CustomerRepository } from './customer';

export class ListCustomers {
  readonly scope: Scope = 'customers:read';

  constructor(private readonly customers: CustomerRepository) {}

  async execute(principal: Principal, request: PageRequest, hint?: PageHint): Promise<Page<Customer>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    return paginate(request, hint, {
      count: () => this.customers.count(tenantId),
      list: (window) => this.customers.list(tenantId, window),
      cursorOf: (customer) => dateCursor(customer.dateJoined, customer.id),
    });
  }
}
