/**
 * Failures the HTTP adapter finds itself, before or around the domain (docs/api-behaviour.md §1 and §2). They carry what happened,
 * never a status: error-handler.ts is the one place that turns them, and DomainErrors, into HTTP.
 */
export type TransportProblem =
  | { kind: 'https_required' }
  /** The Host header is not a valid `host[:port]`, so no link can be built from it. */
  | { kind: 'invalid_host' }
  | { kind: 'unknown_path' }
  | { kind: 'method_not_allowed'; method: string; allow: string }
  | { kind: 'unsupported_media_type'; contentType: string }
  | { kind: 'json_parse_error'; reason: string }
  | { kind: 'payload_too_large'; limitBytes: number }
  /** The client closed its connection before the request body could be read: nobody is left to answer. */
  | { kind: 'client_closed' };

export class TransportError extends Error {
  constructor(readonly problem: TransportProblem) {
    super(problem.kind);
    this.name = 'TransportError';
  }
}
