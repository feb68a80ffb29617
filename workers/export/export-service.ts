// The export of one folder over time (spec §4): one run at a time, a
// request during a run runs it again afterwards, a stop, continuous export
// after each change of the library, and the resume of an interrupted run.
// The Electron utility process and the command line host it.

import {
  ExportStage,
  exportRecordFileName,
  wasInterrupted,
} from "../../shared/model/export/export-record";
import { CairnError } from "../../shared/model/errors";
import { ExportRunStoppedError, type ExportStopReason } from "./export-errors";
import { ExportRecordTooNewError, ExportRecordUnreadableError } from "./record/record-errors";
import {
  type ExportProgress,
  type ExportRunDeps,
  type ExportRunOptions,
  runExport,
} from "./export-run";

/** What the export dialog shows. */
export interface ExportStatus {
  stage: ExportStage;
  progress: ExportProgress;
  /** ms; when the last run finished, null before any. */
  lastAttemptTimestampMs: number | null;
  running: boolean;
  continuous: boolean;
  /** Why the last run ended early, when it did (the user's stop included). */
  stoppedBecause?: ExportStopReason | undefined;
  /** What the last run failed on, when it ended in an error that is not a stop. */
  failure?: ExportFailure | undefined;
}

/**
 * A run that ended in an error: the record is not JSON or not a record
 * (spec §8 'export record json parsing failed'), a newer client wrote it,
 * or anything else (logged by the host).
 */
export type ExportFailure = "record-unreadable" | "record-too-new" | "unknown";

const failureOf = (error: unknown): ExportFailure =>
  error instanceof ExportRecordTooNewError
    ? "record-too-new"
    : error instanceof ExportRecordUnreadableError ||
        (error instanceof CairnError && error.key === "exportRecordJsonParsingFailed")
      ? "record-unreadable"
      : "unknown";

export type ExportServiceDeps = Omit<ExportRunDeps, "onStage" | "onProgress"> & {
  onStatus: (status: ExportStatus) => void;
  /** Errors a run ended with that are not a stop (logged by the host). */
  onRunFailed: (error: unknown) => void;
};

export type ExportServiceOptions = Pick<ExportRunOptions, "keepEachFileOnce" | "concurrency">;

export class ExportService {
  readonly #deps: ExportServiceDeps;
  readonly #options: ExportServiceOptions;
  #status: ExportStatus = {
    stage: ExportStage.init,
    progress: { total: 0, success: 0, failed: 0 },
    lastAttemptTimestampMs: null,
    running: false,
    continuous: false,
  };
  #run: Promise<void> | undefined;
  #rerun: { resync: boolean } | undefined;
  #abort: AbortController | undefined;

  constructor(deps: ExportServiceDeps, options: ExportServiceOptions = {}) {
    this.#deps = deps;
    this.#options = options;
  }

  get status(): ExportStatus {
    return this.#status;
  }

  #update(change: Partial<ExportStatus>): void {
    this.#status = { ...this.#status, ...change };
    this.#deps.onStatus(this.#status);
  }

  /**
   * Asks for a run. During a run, the run is repeated once it ends (spec
   * §4); `resync` also writes again what was exported and is gone from the
   * disk. Resolves when no run is going on any more.
   */
  schedule({ resync = false }: { resync?: boolean } = {}): Promise<void> {
    if (this.#run !== undefined) {
      this.#rerun = { resync: resync || (this.#rerun?.resync ?? false) };
      return this.#run;
    }
    this.#run = this.#runWhileAsked(resync).finally(() => {
      this.#run = undefined;
    });
    return this.#run;
  }

  async #runWhileAsked(firstResync: boolean): Promise<void> {
    let resync = firstResync;
    for (;;) {
      this.#rerun = undefined;
      await this.#runOnce(resync);
      const again = this.#rerun as { resync: boolean } | undefined;
      if (again === undefined) return;
      resync = again.resync;
    }
  }

  async #runOnce(resync: boolean): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    this.#update({ running: true, stoppedBecause: undefined, failure: undefined });
    try {
      const result = await runExport(
        {
          ...this.#deps,
          onStage: (stage) => {
            this.#update({ stage });
          },
          onProgress: (progress) => {
            this.#update({ progress });
          },
        },
        { ...this.#options, signal: abort.signal, resync },
      );
      this.#update({
        lastAttemptTimestampMs: result.lastAttemptTimestampMs,
        ...(result.stopped ? { stoppedBecause: "stopped" } : {}),
      });
    } catch (error) {
      if (error instanceof ExportRunStoppedError) {
        // Spec §4: a missing folder resets the stage; the dialog says the folder is gone.
        this.#update({
          stoppedBecause: error.reason,
          ...(error.reason === "folder-missing" ? { stage: ExportStage.init } : {}),
        });
        // Nothing more can be done until the folder is back or the disk has room.
        this.#rerun = undefined;
      } else {
        this.#update({ failure: failureOf(error) });
        this.#deps.onRunFailed(error);
      }
    } finally {
      this.#abort = undefined;
      this.#update({ running: false });
    }
  }

  /** Resolves when no run is going on (at once when none is). */
  whenIdle(): Promise<void> {
    return this.#run ?? Promise.resolve();
  }

  /** Stops the run at its next file (spec §4); it ends as finished. */
  stop(): void {
    this.#rerun = undefined;
    this.#abort?.abort();
  }

  /** Continuous export (spec §4): on, it runs at once and after every change of the library. */
  setContinuous(enabled: boolean): Promise<void> {
    this.#update({ continuous: enabled });
    return enabled ? this.schedule() : Promise.resolve();
  }

  /** The library's files changed (a pull or an upload brought or removed some). */
  localFilesUpdated(): void {
    if (this.#status.continuous) void this.schedule();
  }

  /** At startup: runs again when the record says the last run was interrupted (spec §4). */
  async resumeIfInterrupted(): Promise<boolean> {
    const stage = await this.#recordedStage();
    if (stage === undefined || !wasInterrupted(stage)) return false;
    void this.schedule({ resync: true });
    return true;
  }

  async #recordedStage(): Promise<ExportStage | undefined> {
    const { fs } = this.#deps;
    if (!(await fs.rootExists()) || (await fs.kindOf(exportRecordFileName)) !== "file") {
      return undefined;
    }
    try {
      const parsed = JSON.parse(await fs.readText(exportRecordFileName)) as { stage?: unknown };
      return typeof parsed.stage === "number" ? (parsed.stage as ExportStage) : undefined;
    } catch {
      return undefined;
    }
  }
}
