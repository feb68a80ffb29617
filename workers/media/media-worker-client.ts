// The sync worker's side of its one media worker, shared by uploads and the
// viewer: every call goes through the supervisor (one at a time, a deadline
// each, a fresh worker after one that hung); an upload's facts go a batch
// per call, and a file whose facts did not come in time goes on with its
// type alone.
// See: [Note: The media worker is ended when a call passes its deadline]

import { FileType } from "../../shared/model/library/file-metadata";
import type { WorkerCalls } from "../worker-boundary";
import type * as MediaWorkerModule from "./media.worker";
import type { MediaFacts, UploadMedia } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import {
  displayImageDeadlineMs,
  factsBatchDeadlineMs,
  factsDeadlineMs,
  thumbnailDeadlineMs,
  typeOnlyFactsDeadlineMs,
} from "./media-call-deadlines";
import { MediaWorkerTimeoutError } from "./media-worker-errors";
import {
  type MediaWorkerHandle,
  type MediaWorkerSupervisor,
  type MediaWorkerTimers,
  createMediaWorkerSupervisor,
} from "./media-worker-supervisor";

/**
 * The calls of the media worker's module (`media.worker.ts`), as its caller
 * makes them: derived from the entry's exports.
 * See: [Note: A worker's API is declared once]
 */
export type MediaWorkerRemote = WorkerCalls<
  Pick<typeof MediaWorkerModule, "facts" | "typeOnlyFacts" | "thumbnail" | "displayImage">
>;

export interface MediaWorkerClientDeps {
  /** Starts a media worker: on the first call, and after one was ended. */
  start: () => MediaWorkerHandle<MediaWorkerRemote>;
  timers: MediaWorkerTimers;
  /** Calls that passed their deadline, and what was done instead, for the log. */
  logWarning?: (message: string, cause: unknown) => void;
  /** See `workerStartAllowanceMs`. */
  startAllowanceMs?: number;
}

export interface MediaWorkerClient {
  /** An upload's media work: types, EXIF, video containers, thumbnails. */
  upload: UploadMedia;
  /**
   * The viewer's JPEG of an original the browser cannot show (its name for
   * the type's fallback). Goes before queued upload work. Rejects with the
   * worker's conversion failure (FileConversionFailedError by name, across
   * the worker boundary) or `MediaWorkerTimeoutError`.
   */
  displayImage(file: Blob, fileName: string): Promise<Blob>;
  /** Ends the worker; calls not answered reject with `MediaWorkerStoppedError`. The next call starts a new one. */
  stop(): void;
  /** How many workers were started so far. */
  readonly startedCount: number;
}

const onlyAnswer = <T>(answers: readonly T[], what: string): T => {
  const [answer] = answers;
  if (answer === undefined) throw new Error(`The media worker answered no ${what}`);
  return answer;
};

export const createMediaWorkerClient = ({
  start,
  timers,
  logWarning = () => undefined,
  startAllowanceMs,
}: MediaWorkerClientDeps): MediaWorkerClient => {
  const supervisor: MediaWorkerSupervisor<MediaWorkerRemote> = createMediaWorkerSupervisor({
    start,
    timers,
    ...(startAllowanceMs === undefined ? {} : { startAllowanceMs }),
    onTimeout: (error) => {
      logWarning(
        `The media worker did not answer ${error.operation} within ${String(error.deadlineMs)} ms; it was restarted`,
        error,
      );
    },
  });

  /**
   * One file's facts, alone in its call: a probe that passes its deadline
   * costs only this file's container facts, and the file goes on with its
   * type alone.
   */
  const factsOf = async (part: UnitPart): Promise<MediaFacts> => {
    try {
      const answers = await supervisor.call({
        operation: "facts",
        deadlineMs: factsDeadlineMs({ name: part.name, sizeBytes: part.blob.size }),
        run: (remote) => remote.facts([part]),
      });
      return onlyAnswer(answers, "facts");
    } catch (error) {
      if (!(error instanceof MediaWorkerTimeoutError)) throw error;
      logWarning(`The facts of ${part.name} did not come in time; it goes on with its type`, error);
      const answers = await supervisor.call({
        operation: "typeOnlyFacts",
        deadlineMs: typeOnlyFactsDeadlineMs,
        run: (remote) => remote.typeOnlyFacts([part]),
      });
      return onlyAnswer(answers, "facts");
    }
  };

  /**
   * [Note: Facts are asked a batch at a time, one at a time after a hang]
   *
   * A run's facts go to the worker a batch per call (one crossing for 32
   * files, not 32). When a batch passes its deadline, some file in it hung
   * the worker: the batch is asked again one file per call on a fresh
   * worker, so only the file that hangs loses its facts.
   */
  const batchFacts = async (parts: UnitPart[]): Promise<MediaFacts[]> => {
    if (parts.length === 1) return [await factsOf(onlyAnswer(parts, "part"))];
    try {
      const answers = await supervisor.call({
        operation: "facts",
        deadlineMs: factsBatchDeadlineMs(
          parts.map((part) => ({ name: part.name, sizeBytes: part.blob.size })),
        ),
        run: (remote) => remote.facts(parts),
      });
      if (answers.length !== parts.length) {
        throw new Error(
          `The media worker answered ${String(answers.length)} facts for ${String(parts.length)} files`,
        );
      }
      return answers;
    } catch (error) {
      if (!(error instanceof MediaWorkerTimeoutError)) throw error;
      logWarning(
        `A batch of ${String(parts.length)} files' facts did not come in time; asking one at a time`,
        error,
      );
      const answers: MediaFacts[] = [];
      for (const part of parts) answers.push(await factsOf(part));
      return answers;
    }
  };

  return {
    upload: {
      facts: (parts) => (parts.length === 0 ? Promise.resolve([]) : batchFacts([...parts])),
      // A failure here, a passed deadline included, gives the file the
      // static thumbnail (upload-unit.ts).
      thumbnail: (part, facts) =>
        supervisor.call({
          operation: "thumbnail",
          deadlineMs: thumbnailDeadlineMs(
            facts.kind === "media" ? facts.fileType : FileType.image,
            part.blob.size,
          ),
          run: (remote) => remote.thumbnail(part, facts),
        }),
    },

    displayImage: (file, fileName) =>
      supervisor.call({
        operation: "displayImage",
        deadlineMs: displayImageDeadlineMs(file.size),
        priority: "interactive",
        run: (remote) => remote.displayImage(file, fileName),
      }),

    stop: () => {
      supervisor.stop();
    },

    get startedCount() {
      return supervisor.startedCount;
    },
  };
};
