// The export's calls as the photos app makes them: the export service runs
// in a process of its own (an Electron utility process) and the page only
// shows what it says. See: [Note: The export runs in a utility process]

import type { ExportStatus } from "./export-service";

/** A status with the count of changes before it, for `nextStatus`. */
export interface ExportStatusUpdate {
  /** Grows by one at each change of the status. */
  version: number;
  status: ExportStatus;
}

export interface ExportControl {
  /** The status now. */
  status(): ExportStatusUpdate;
  /**
   * The first status after `afterVersion`: at once when there is a newer
   * one, else when the status next changes. (A long poll: a callback would
   * need a port of its own, and the page may reload at any time.)
   */
  nextStatus(afterVersion: number): Promise<ExportStatusUpdate>;
  /** Start (or, during a run, run again afterwards); `resync` writes again what went missing from the disk. */
  start(options?: { resync?: boolean }): void;
  /** Stop at the next file; the run ends as finished. */
  stop(): void;
  /** Continuous export: on, it runs at once and after every change of the library. */
  setContinuous(enabled: boolean): void;
}
