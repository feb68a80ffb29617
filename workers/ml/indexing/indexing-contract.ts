// What the page asks of the library's worker about on-device indexing: its
// status (the sidebar's and the settings' progress) and the device's switch.
// Types only; the sync worker implements them. See: [Note: A worker's API is declared once]

import type { MLStatus } from "./library-ml";

export type { MLStatus } from "./library-ml";

export interface IndexingCalls {
  /** Indexing's status; undefined while the library is not loaded or the host has no ML worker. */
  indexingStatus(): MLStatus | undefined;
  /** Turns indexing on or off for this device (a run in progress stops). */
  setIndexingEnabled(enabled: boolean): void;
}
