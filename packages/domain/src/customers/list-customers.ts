import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import { ListTenantRows } from '../shared/list-tenant-rows';
import { dateCursor, isDateKey } from '../shared/pagination';
import type { Customer, CustomerRepository } from './customer';

/** Customers (role `customer` only), newest date_joined first. */
export class ListCustomers extends ListTenantRows<Customer> {
  constructor(customers: CustomerRepository, snapshots: ReadSnapshots = noReadSnapshots) {
    super('customers:read', customers, (customer) => dateCursor(customer.dateJoined, customer.id), isDateKey, snapshots);
  }
}
