// What the bare pipeline page and the upload scenario's driver share.
// See: [Note: The upload's baseline is the bare pipeline]

/** Where the bare pipeline sends its objects, and as whom. */
export interface BarePipelineTarget {
  apiOrigin: string;
  token: string;
}

/** One file's run through the bare pipeline. */
export interface BareFileResult {
  name: string;
  sourceBytes: number;
  encryptedBytes: number;
  /** 0 for a file the bare pipeline does not thumbnail (a video). */
  thumbnailBytes: number;
  /** The BLAKE2b-512 of the file's bytes, base64 (as the metadata's `hash`). */
  hashB64: string;
}

export interface BarePipelineRun {
  /** From the pick to the last PUT answered. */
  wallMs: number;
  workerCount: number;
  files: BareFileResult[];
  /** What failed, if anything: the run is then not a baseline. */
  errors: string[];
}

export interface BarePipelinePage {
  /** Sets the target; the next pick in the page's file input starts a run. */
  prepare(target: BarePipelineTarget): void;
  /** The last run, once it has ended. */
  result: BarePipelineRun | undefined;
}

declare global {
  interface Window {
    cairnBarePipeline?: BarePipelinePage;
  }
}
