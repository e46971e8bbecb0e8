import type { HttpDeps } from '../http-deps';
import { siteJson } from '../presenters';
import { type Resource, plainListEndpoint, resource } from './endpoint';

export function siteResources(deps: HttpDeps): { collection: Resource } {
  return { collection: resource({ GET: plainListEndpoint(deps.listSites, siteJson) }) };
}
