// Splitting the library's bulk calls into the batches the server accepts.
// See: [Note: Batches beyond their cap are refused with 413]

/** `items` cut into consecutive batches of at most `size` (none for no items). */
export const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`Invalid batch size ${String(size)}`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
};

/**
 * Runs `send` on each batch of `items` in turn, never in parallel: each call
 * locks the collections it touches on the server, so parallel batches would
 * only wait for each other.
 */
export const sendInBatches = async <T>(
  items: readonly T[],
  size: number,
  send: (batch: T[]) => Promise<unknown>,
): Promise<void> => {
  for (const batch of inBatches(items, size)) await send(batch);
};
