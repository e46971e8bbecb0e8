/** The 200 of a GET, rendered: its bytes and its strong entity tag (docs/channel-managers.md, "Polling cheaply"). */
export interface RenderedAnswer {
  bytes: Buffer | Uint8Array | string;
  length: number;
  etag: string;
  /** Every answer is JSON but the invoice PDF, which names its own type and headers. */
  contentType?: string;
  headers?: Readonly<Record<string, string>>;
  /** Set only on an answer rendered for this request: the time it took, for the slow-request log. */
  renderMs?: number;
}
