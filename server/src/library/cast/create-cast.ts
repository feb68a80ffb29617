import type { castEndpoints } from "../../../../shared/api/endpoints/cast";
import type { HandlerMap } from "../../http/register-endpoints";
import type { JobDefinition } from "../../jobs/scheduler";
import { millisecondsPerMinute } from "../../time";
import type { DiffPageCache } from "../collections/diff-page-cache";
import type { LibraryContext } from "../context";
import { createCastPairingHandlers } from "./cast-pairing-handlers";
import { castSessionIdleLifetimeUs, pairingLifetimeUs } from "./cast-rules";
import { deleteStaleCastSessions } from "./cast-session-repository";
import { createCastViewerHandlers } from "./cast-viewer-handlers";

// Casting an album to a TV: the handlers of `/cast/*` and the job that
// deletes the sessions that can no longer be used.

export const createCastHandlers = (
  context: LibraryContext,
  diffPages: DiffPageCache,
): HandlerMap<typeof castEndpoints> => ({
  ...createCastPairingHandlers(context),
  ...createCastViewerHandlers(context, diffPages),
});

/** For the scheduler: unpaired codes and unused sessions are deleted; they are refused before that already. */
export const castJobs = (context: LibraryContext): JobDefinition[] => [
  {
    name: "cast-sessions-sweep",
    // Expired rows are refused on every call; the sweep only bounds how many
    // pile up (a TV left on the pairing screen registers a code an hour).
    intervalMs: 30 * millisecondsPerMinute,
    // One delete over a small table.
    lockTtlMs: 10 * millisecondsPerMinute,
    run: async () => {
      const nowUs = context.nowUs();
      const deleted = await deleteStaleCastSessions(context.db, {
        registeredByUs: nowUs - pairingLifetimeUs,
        lastUsedByUs: nowUs - castSessionIdleLifetimeUs,
      });
      if (deleted > 0) context.log.info({ deleted }, "stale cast sessions deleted");
    },
  },
];
