import type { HttpDeps } from '../http-deps';
import { invoiceJson } from '../presenters';
import { type Resource, plainListEndpoint, resource } from './endpoint';

export function invoiceResources(deps: HttpDeps): { collection: Resource } {
  return { collection: resource({ GET: plainListEndpoint(deps.listInvoices, invoiceJson) }) };
}
