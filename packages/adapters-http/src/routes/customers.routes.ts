import type { HttpDeps } from '../http-deps';
import { customerJson } from '../presenters';
import { type Resource, plainListEndpoint, resource } from './endpoint';

export function customerResources(deps: HttpDeps): { collection: Resource } {
  return { collection: resource({ GET: plainListEndpoint(deps.listCustomers, customerJson) }) };
}
