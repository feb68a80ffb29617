// What the export dialog shows and can ask (spec §3, §4): the `export`
// setting, the export's status as the export process reports it, and the
// user's actions. The desktop implementation is `use-export-controller.ts`.

import type { ExportStatus } from "../../../workers/export/export-service";

export type { ExportStatus };

/** Local storage `export` (spec §3). */
export interface ExportSetting {
  /** The export folder: `<chosen directory>/Cairn Photos`. */
  folder: string;
  continuousExport: boolean;
}

export interface ExportController {
  /** Undefined until the user has chosen a folder. */
  setting: ExportSetting | undefined;
  /** The export's status; undefined while no folder is chosen or the export process is starting. */
  status: ExportStatus | undefined;
  /** Opens the native folder picker; a chosen folder becomes the export folder. */
  chooseFolder(): Promise<void>;
  /** Exports what is new or changed (spec §4). */
  start(): void;
  /** Stops at the next file. */
  stop(): void;
  /** Exports again, also writing what was exported and has gone from the disk. */
  resync(): void;
  setContinuous(enabled: boolean): void;
}
