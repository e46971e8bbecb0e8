import type { DataVersion, DataVersions } from '@campsite/domain';
import type { RenderedAnswer } from './rendered-answer';

/** What an entry costs the budget besides its body and key: the entry, its map slot and the answer's fields. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  version: DataVersion;
  answer: RenderedAnswer;
  bytes: number;
}

/** What the cache holds and has done, for /metrics (docs/observability.md). */
export interface AnswerCacheStats {
  budgetBytes: number;
  usedBytes: number;
  entries: number;
  hits: number;
  misses: number;
  evictions: number;
}

/**
 * Rendered GET answers, kept while their tenant's data version is the one read before they were rendered
 * (docs/performance.md, "Answer cache"). The version is asked of its own port on every request: a change committed by
 * any writer, in any process, moves it, so the first request after the change renders afresh, and no answer is older
 * than the request that gets it. An answer may be newer than its version (a write committed between the version and
 * the read), never older.
 *
 * Entries are evicted least recently used first, across tenants, once their bytes pass the budget. Requests that miss
 * the same answer under the same version at once share one rendering, so a write under load costs one read, not one
 * per waiting request.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<RenderedAnswer>>();
  private usedBytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    private readonly versions: DataVersions,
    private readonly budgetBytes: number,
  ) {}

  /**
   * The answer for `key` in `tenantId`: the kept one while the tenant's data version has not moved since it was
   * rendered, else `render`'s, which is then kept. A failed rendering (a 404, say) is not kept.
   */
  async answer(tenantId: number, key: string, render: () => Promise<RenderedAnswer>): Promise<RenderedAnswer> {
    const version = await this.versions.versionOf(tenantId);
    const id = `${tenantId} ${key}`;
    const entry = this.entries.get(id);
    if (entry !== undefined && entry.version === version) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.entries.delete(id);
      this.entries.set(id, entry);
      this.hits++;
      return entry.answer;
    }
    this.misses++;
    const flight = `${id} ${String(version)}`;
    let pending = this.rendering.get(flight);
    if (pending === undefined) {
      pending = render();
      this.rendering.set(flight, pending);
      pending.then(
        (answer) => {
          this.rendering.delete(flight);
          this.keep(id, { version, answer: withoutRenderTime(answer), bytes: id.length + answer.length + ENTRY_OVERHEAD_BYTES });
        },
        () => this.rendering.delete(flight),
      );
      return pending;
    }
    return withoutRenderTime(await pending);
  }

  stats(): AnswerCacheStats {
    return {
      budgetBytes: this.budgetBytes,
      usedBytes: this.usedBytes,
      entries: this.entries.size,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }

  private keep(id: string, entry: Entry): void {
    const previous = this.entries.get(id);
    if (previous !== undefined) {
      this.entries.delete(id);
      this.usedBytes -= previous.bytes;
    }
    if (entry.bytes > this.budgetBytes) return;
    this.entries.set(id, entry);
    this.usedBytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.usedBytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.usedBytes -= old.bytes;
      this.evictions++;
    }
  }
}

/** A kept answer took no rendering in this request; only the request that rendered it reports the time. */
function withoutRenderTime(answer: RenderedAnswer): RenderedAnswer {
  if (answer.renderMs === undefined) return answer;
  const { renderMs: _spent, ...kept } = answer;
  return kept;
}
