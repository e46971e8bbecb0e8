import type { HttpDeps } from '../http-deps';
import { customerJson } from '../presenters';
import { readUpdatedSinceFilter } from '../schemas/list-filter.schema';
import { type Resource, listEndpoint, resource } from './endpoint';

export function customerResources(deps: HttpDeps): { collection: Resource } {
  return { collection: resource({ GET: listEndpoint(deps.listCustomers, readUpdatedSinceFilter, customerJson) }) };
}
