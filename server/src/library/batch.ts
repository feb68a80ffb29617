import { apiError } from "../http/api-errors";

/**
 * Refuse a batch beyond its cap with 413 `BATCH_TOO_LARGE`.
 * See: [Note: Batches beyond their cap are refused with 413]
 */
export const ensureBatchSize = (items: readonly unknown[], max: number, what: string): void => {
  if (items.length > max) {
    throw apiError(
      413,
      "BATCH_TOO_LARGE",
      `At most ${String(max)} ${what} per request, not ${String(items.length)}`,
    );
  }
};
