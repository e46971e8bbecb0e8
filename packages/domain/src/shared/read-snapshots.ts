/**
 * Runs a use case's repository reads in one snapshot of the store, so that they agree with each other: a list's
 * `count` and its rows can never contradict (docs/database-rules.md, "How the service reads"). Reads made by `work`
 * through any repository of the same store see the data of one moment; writes inside `work` are not allowed.
 */
export interface ReadSnapshots {
  consistent<T>(work: () => Promise<T>): Promise<T>;
}

/** For stores whose reads cannot interleave with a write (memory): the reads run as they are. */
export const noReadSnapshots: ReadSnapshots = {
  consistent: (work) => work(),
};
