import type { HttpDeps } from '../http-deps';
import { siteJson } from '../presenters';
import { readUpdatedSinceFilter } from '../schemas/list-filter.schema';
import { type Resource, listEndpoint, resource } from './endpoint';

export function siteResources(deps: HttpDeps): { collection: Resource } {
  return { collection: resource({ GET: listEndpoint(deps.listSites, readUpdatedSinceFilter, siteJson) }) };
}
