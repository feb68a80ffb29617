// What the baseline page answers the driver (bench/scenarios/sync.ts).

export interface BareDecryptTiming {
  records: number;
  /** Decrypting every record's file key (Box) and metadata (Blob to JSON), in one worker. */
  decryptMs: number;
  /** Of which: the file keys alone. */
  keysMs: number;
  /** Every pass's `decryptMs`, fastest first; the figures above are the median pass's. */
  passesMs?: number[];
}

export interface SyncBaselinePage {
  runBareDecrypt(records: number): Promise<BareDecryptTiming>;
}

declare global {
  interface Window {
    cairnSyncBaseline?: SyncBaselinePage;
  }
}
