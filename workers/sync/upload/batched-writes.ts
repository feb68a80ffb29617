// Items written in batches: those that come while a write is running wait
// and go together in the next one. Pure: the write is injected.

/**
 * [Note: Uploaded files are stored in batches]
 *
 * Storing a file rewrites the sealed chunk that holds it: the last chunk
 * of its album, up to 2,000 records (about 1 MB of JSON to stringify,
 * encrypt and write). One write per uploaded file made a run of 300 photos
 * into an album of 1,500 rewrite about 300 MB. The files that finish while
 * a write is running are stored together by the next one, so a run costs a
 * rewrite per write, not per file, and a lone file is still stored at once.
 * Each caller's promise settles with the write that holds its item.
 */
export const batchedWrites = <T>(
  write: (items: readonly T[]) => Promise<void>,
): ((item: T) => Promise<void>) => {
  /** The batch waiting for the write before it; items join it. */
  let gathering: { items: T[]; written: Promise<void> } | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  return (item) => {
    if (gathering === undefined) {
      const items: T[] = [];
      const written = previous.then(() => {
        // From here on, items go to the next batch.
        gathering = undefined;
        return write(items);
      });
      // The next batch waits for this one, whether it succeeds or fails.
      previous = written.catch(() => undefined);
      gathering = { items, written };
    }
    gathering.items.push(item);
    return gathering.written;
  };
};
