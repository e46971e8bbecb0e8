import type { PageWindow, UpdatedSinceFilter } from '../shared/pagination';

/** A registered guest-portal account: a user whose role is `customer`. Staff, operators and admins never appear. */
export interface Customer {
  id: number;
  tenantId: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateJoined: Date;
  /** When the stored row last changed, by any writer; creation counts as a change (docs/change-feed.md). */
  updatedAt: Date;
}

export const USER_ROLES = ['customer', 'staff', 'operator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Customers of one tenant (users with role `customer` only). Order of `list`: `dateJoined` descending, then `id`
 * descending. A cursor for this order is `{ key: dateJoined.toISOString(), id }`.
 */
export interface CustomerRepository {
  /** Customers matching `filter` (none: all); without a filter served from a total kept in the writing transaction. */
  count(tenantId: number, filter?: UpdatedSinceFilter): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: UpdatedSinceFilter): Promise<Customer[]>;
  /** The customer, or null when no user of this tenant has this id and the role `customer`. */
  findById(tenantId: number, id: number): Promise<Customer | null>;
}
