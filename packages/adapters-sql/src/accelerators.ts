/**
 * The SQL adapter's accelerators, each one a switch (docs/performance.md says what each speeds up, the invariant
 * that keeps it exact whoever writes, and its measured gain). Off means the plain path: the statement a reader of
 * the schema would write first.
 */
export interface SqlAccelerators {
  /** Counts from the totals the triggers keep, instead of COUNT(*) over the matching rows. */
  keptTotals: boolean;
  /** A page that `next` links to is read from its hint's row on (keyset), instead of by OFFSET. */
  keysetPages: boolean;
  /** A deep or sorted window picks its keys alone first, then reads only its own rows. */
  keysFirst: boolean;
  /**
   * SQLite: a check-in range picks its way in (the creation order or the check-in index) from the kept totals.
   * PostgreSQL's planner finds the range by itself, and the walk cost it time (docs/performance.md, "Check-in walk").
   */
  checkInWalk: boolean;
  /** PostgreSQL: a booking is created by one call of the database's procedure, not statement by statement. */
  createProcedure: boolean;
  /** SQLite: write transactions that arrive together share one COMMIT. */
  groupCommit: boolean;
  /** An import pauses the per-row bookkeeping and writes its result once, set-based. */
  bulkLoad: boolean;
}

export const ALL_SQL_ACCELERATORS: Readonly<SqlAccelerators> = {
  keptTotals: true,
  keysetPages: true,
  keysFirst: true,
  checkInWalk: true,
  createProcedure: true,
  groupCommit: true,
  bulkLoad: true,
};

/** The plain path everywhere: what `ACCELERATORS=off` gives. */
export const NO_SQL_ACCELERATORS: Readonly<SqlAccelerators> = {
  keptTotals: false,
  keysetPages: false,
  keysFirst: false,
  checkInWalk: false,
  createProcedure: false,
  groupCommit: false,
  bulkLoad: false,
};

/** Window reads (windowed-list.ts): which of the accelerators above they use. */
export type WindowReads = Pick<SqlAccelerators, 'keysetPages' | 'keysFirst'>;
