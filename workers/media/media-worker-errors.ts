// Why a call to the media worker did not answer: it passed its deadline (the
// worker was ended for it), or the worker was stopped under it. Callers tell
// them apart by class. See: [Note: The media worker is ended when a call passes its deadline]

import { CairnError } from "../../shared/model/errors";

/**
 * A media worker call did not answer within its deadline, so the worker was
 * terminated (a new one serves the next call). Its key is 'file conversion
 * failed' (spec §8): the upload then goes on with the static thumbnail or
 * with a file's type alone, and the viewer shows the original as it is.
 */
export class MediaWorkerTimeoutError extends CairnError {
  override name = "MediaWorkerTimeoutError";
  /** The call that passed its deadline ("thumbnail", "facts"…). */
  readonly operation: string;
  readonly deadlineMs: number;

  constructor(operation: string, deadlineMs: number) {
    super("fileConversionFailed");
    this.operation = operation;
    this.deadlineMs = deadlineMs;
  }
}

/** The media worker was stopped (the session closed) before this call answered. */
export class MediaWorkerStoppedError extends CairnError {
  override name = "MediaWorkerStoppedError";
  readonly operation: string;

  constructor(operation: string) {
    super("requestCanceled");
    this.operation = operation;
  }
}
