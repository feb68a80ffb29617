/** The `p` quantile (0–1) of ascending `sorted` values, by the nearest rank below; 0 when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
