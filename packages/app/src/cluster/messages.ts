import type { RateLimitDecision } from '@campsite/domain';

/**
 * What the supervisor and its workers say to each other over the cluster's IPC channel (docs/operations.md, Workers).
 * Every message carries `campsite` naming its kind, so that other users of the channel can share it.
 */
export type ClusterMessage =
  /** worker → supervisor: listening, at this URL. */
  | { campsite: 'listening'; url: string }
  /** supervisor → worker: drain and exit, as on SIGTERM. */
  | { campsite: 'stop' }
  /** worker → supervisor: count, read or take back a hit of a rate-limit key. */
  | { campsite: 'rate-limit'; ask: RateLimitAsk }
  /** supervisor → worker: the answer to one ask. */
  | { campsite: 'rate-limit-decision'; answer: RateLimitAnswer };

export interface RateLimitAsk {
  id: number;
  op: 'hit' | 'peek' | 'release';
  key: string;
  limit: number;
}

/** The decision for ask `id` (none for a release), or why it failed. */
export interface RateLimitAnswer {
  id: number;
  decision?: RateLimitDecision;
  error?: string;
}

export function isClusterMessage<K extends ClusterMessage['campsite']>(
  message: unknown,
  kind: K,
): message is Extract<ClusterMessage, { campsite: K }> {
  return typeof message === 'object' && message !== null && (message as { campsite?: unknown }).campsite === kind;
}
