import type { JobDefinition } from "../../jobs/scheduler";
import type { LibraryContext } from "../context";
import { deleteQueuedObjects } from "./object-deletions";
import { expireUploads } from "./upload-expiry";
import { purgeExpiredTrash } from "./trash-purge";
import { millisecondsPerMinute } from "../../time";

// The library's background jobs (trash purge, blob deletion, upload expiry),
// each coordinated through the scheduler's database lock so that one instance
// runs it at a time.

/** The library's jobs, for the scheduler (main.ts adds them). */
export const libraryJobs = (context: LibraryContext): JobDefinition[] => [
  {
    name: "library-trash-purge",
    // `deleteBy` is 30 days out; an hour late is nothing, and the scan is an index range.
    intervalMs: 60 * millisecondsPerMinute,
    // Chunks of 2500 files commit one by one, so a run that dies loses little;
    // 30 minutes outlasts any backlog a day can build.
    lockTtlMs: 30 * millisecondsPerMinute,
    run: async (signal) => {
      const purged = await purgeExpiredTrash(context, signal);
      if (purged > 0) context.log.info({ purged }, "expired trash deleted");
    },
  },
  {
    name: "library-object-deletions",
    // Usage already dropped at the delete; the blobs go within minutes so the
    // store's bill follows soon, without polling an empty queue too often.
    intervalMs: 5 * millisecondsPerMinute,
    // One blob delete is a request of milliseconds; 15 minutes covers hundreds of thousands.
    lockTtlMs: 15 * millisecondsPerMinute,
    run: async (signal) => {
      const { deleted, failed } = await deleteQueuedObjects(context, signal);
      if (deleted > 0 || failed > 0) {
        context.log.info({ deleted, failed }, "queued objects deleted");
      }
    },
  },
  {
    name: "library-upload-expiry",
    // Unregistered uploads live 14 days; checking hourly keeps them at most an hour longer.
    intervalMs: 60 * millisecondsPerMinute,
    lockTtlMs: 15 * millisecondsPerMinute,
    run: async (signal) => {
      const { deleted, failed } = await expireUploads(context, signal);
      if (deleted > 0 || failed > 0) {
        context.log.info({ deleted, failed }, "unregistered uploads expired");
      }
    },
  },
];
