import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DataVersion, DataVersions } from '@campsite/domain';
import type { RenderedAnswer } from './rendered-answer';

/**
 * What an entry costs the budget besides its body and key: the entry, its map slot, the answer's fields and its tag,
 * and the heap those take. Measured, not estimated: 40,000 kept one-booking answers (372 bytes each) cost 1.8-1.9 kB
 * of resident memory apiece (docs/performance.md, "Memory"); at 256 bytes a budget of 32 MiB held twice as many as
 * it should, and took over 130 MiB.
 */
const ENTRY_OVERHEAD_BYTES = 1400;

/**
 * Smaller answers are kept as they are: an inflate costs about 10 µs however small its input (a zlib stream is made
 * and torn down for each), which is more than a one-record answer's bytes are worth to the budget.
 */
const PACK_FROM_BYTES = 1024;

/**
 * Larger answers are kept as they are too: deflating one is paid by the request that rendered it, and for a year's
 * calendar (about 700 kB) it costs about as much as the rendering (docs/performance.md, "Compressed answers"), while
 * answers that large are few and seldom the same twice. The thousands of small tenants' pages the packing is for are
 * a few kB each.
 */
const PACK_UP_TO_BYTES = 64 * 1024;

/**
 * An entry asked again within this many requests to the cache is hot: its inflated bytes are kept beside its packed
 * ones, so that an answer asked over and over (page 1 polled by an integrator) is not inflated each time, while
 * answers spread over thousands of tenants, each asked now and then, stay packed.
 */
const HOT_WITHIN_ASKS = 64;

/** The share of the budget that hot entries' inflated bytes may take; past it the least recently hit cool down. */
const HOT_SHARE = 1 / 16;

/**
 * The largest share of the budget one answer may take; a larger one is answered and not kept. A year's calendar of
 * every pitch type (about 700 kB) would push out hundreds of small answers of other tenants, and is seldom asked twice
 * under one data version; while its request waits for the client to read it, the bytes are held anyway.
 */
const LARGEST_SHARE = 1 / 64;

interface Entry {
  version: DataVersion;
  /** The answer as rendered; its `bytes` are empty while they are packed, unless the entry is hot (in `hot`). */
  answer: RenderedAnswer;
  /** The answer's bytes compressed (docs/performance.md, "Compressed answers"), or undefined: kept as they are. */
  packed: Buffer | undefined;
  /** The cache's count of requests when this entry was last asked for. */
  lastAsked: number;
  bytes: number;
}

export interface AnswerCacheOptions {
  /** Whether answers are kept compressed, and inflated on a hit (ACCELERATOR_COMPRESSED_ANSWERS). */
  compressed: boolean;
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
 *
 * With `compressed`, an answer of PACK_FROM_BYTES to PACK_UP_TO_BYTES is kept deflated, and the budget counts the
 * deflated bytes (docs/performance.md, "Compressed answers"): JSON shrinks five- to tenfold, so thousands of small
 * tenants' pages fit where a few hundred would. A hit inflates them, byte for byte the answer that was rendered; a hot
 * entry (HOT_WITHIN_ASKS) keeps its inflated bytes too, within HOT_SHARE of the budget.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** The hot entries, least recently hit first: each holds its inflated bytes too, and `bytes` counts them. */
  private readonly hot = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<RenderedAnswer>>();
  private usedBytes = 0;
  private hotBytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    private readonly versions: DataVersions,
    private readonly budgetBytes: number,
    private readonly options: AnswerCacheOptions = { compressed: true },
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
      return this.hit(id, entry);
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
          this.keep(id, this.entryOf(version, withoutRenderTime(answer), id.length));
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

  private hit(id: string, entry: Entry): RenderedAnswer {
    const asked = this.hits + this.misses;
    const sinceLastAsked = asked - entry.lastAsked;
    entry.lastAsked = asked;
    if (entry.packed === undefined) return entry.answer;
    if (this.hot.has(id)) {
      this.hot.delete(id);
      this.hot.set(id, entry);
      return entry.answer;
    }
    const answer = { ...entry.answer, bytes: unpack(entry.packed, entry.answer.length) };
    if (sinceLastAsked <= HOT_WITHIN_ASKS) this.warm(id, entry, answer);
    return answer;
  }

  private entryOf(version: DataVersion, answer: RenderedAnswer, keyBytes: number): Entry {
    const packed =
      this.options.compressed && answer.length >= PACK_FROM_BYTES && answer.length <= PACK_UP_TO_BYTES ? pack(answer) : undefined;
    const kept = packed === undefined ? answer : { ...answer, bytes: EMPTY };
    const bytes = keyBytes + (packed?.length ?? answer.length) + ENTRY_OVERHEAD_BYTES;
    return { version, answer: kept, packed, lastAsked: this.hits + this.misses, bytes };
  }

  private keep(id: string, entry: Entry): void {
    const previous = this.entries.get(id);
    if (previous !== undefined) this.drop(id, previous);
    if (entry.bytes > this.budgetBytes * LARGEST_SHARE) return;
    this.entries.set(id, entry);
    this.usedBytes += entry.bytes;
    this.evictPastBudget();
  }

  /** A hot entry's inflated answer is kept beside its packed bytes, and the budget counts both. */
  private warm(id: string, entry: Entry, answer: RenderedAnswer): void {
    entry.answer = answer;
    entry.bytes += answer.length;
    this.usedBytes += answer.length;
    this.hotBytes += answer.length;
    this.hot.set(id, entry);
    for (const [coldest, cold] of this.hot) {
      if (this.hotBytes <= this.budgetBytes * HOT_SHARE) break;
      this.coolDown(coldest, cold);
    }
    this.evictPastBudget();
  }

  private coolDown(id: string, entry: Entry): void {
    this.hot.delete(id);
    entry.bytes -= entry.answer.length;
    this.usedBytes -= entry.answer.length;
    this.hotBytes -= entry.answer.length;
    entry.answer = { ...entry.answer, bytes: EMPTY };
  }

  private drop(id: string, entry: Entry): void {
    if (this.hot.has(id)) this.coolDown(id, entry);
    this.entries.delete(id);
    this.usedBytes -= entry.bytes;
  }

  private evictPastBudget(): void {
    for (const [oldest, old] of this.entries) {
      if (this.usedBytes <= this.budgetBytes) break;
      this.drop(oldest, old);
      this.evictions++;
    }
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * The answer's bytes deflated at the fastest level (a miss pays it once), in a buffer of their own size: zlib's
 * result is a slice of its 16 KiB output chunk, which a kept slice would hold whole. Undefined when deflating saves
 * less than half (an invoice PDF's streams are compressed already), so such an answer is not inflated for nothing.
 */
function pack(answer: RenderedAnswer): Buffer | undefined {
  const deflated = deflateRawSync(answer.bytes, { level: constants.Z_BEST_SPEED });
  if (deflated.length * 2 > answer.length) return undefined;
  const own = Buffer.allocUnsafeSlow(deflated.length);
  deflated.copy(own);
  return own;
}

/** The kept bytes inflated: one output chunk one byte larger than the answer, so zlib needs neither a second nor a copy. */
function unpack(packed: Buffer, length: number): Buffer {
  return inflateRawSync(packed, { chunkSize: Math.max(length + 1, constants.Z_MIN_CHUNK) });
}

/** A kept answer took no rendering in this request; only the request that rendered it reports the time. */
function withoutRenderTime(answer: RenderedAnswer): RenderedAnswer {
  if (answer.renderMs === undefined) return answer;
  const { renderMs: _spent, ...kept } = answer;
  return kept;
}
