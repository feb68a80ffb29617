// One copy of an image to the clipboard, from the click to how it ended.
// The I/O comes injected: the browser's clipboard and PNG worker in
// `use-copy-image.ts`, doubles in the tests.
// See: [Note: The viewer copies the image it shows, as a PNG]

import { clipboardImageTimeoutMs, outcomeOfWriteError, type CopyImageOutcome } from "./copy-image";

export interface ImageClipboard {
  /**
   * Writes the PNG `png` gives (`navigator.clipboard.write` with a
   * `ClipboardItem`); called during the click, before the PNG exists.
   */
  writePNG(png: Promise<Blob>): Promise<void>;
}

export interface CopyImageDeps {
  /** The browser's clipboard; undefined where it has no Clipboard API for images. */
  clipboard: ImageClipboard | undefined;
  /** Encodes an image as a PNG, off the UI thread; an abort ends the work. */
  encodePNG: (image: Blob, signal: AbortSignal) => Promise<Blob>;
  /** Calls `callback` after `delayMs`; the returned function cancels it. */
  setTimeout: (callback: () => void, delayMs: number) => () => void;
  /** Hears why a copy failed (the outcome alone does not say). */
  logFailure: (message: string, cause: unknown) => void;
  /** `clipboardImageTimeoutMs` unless a test shortens it. */
  timeoutMs?: number;
}

/**
 * Copies the image `image` gives (the shown original's, perhaps still
 * loading) to the clipboard as a PNG, and answers how it ended; it never
 * rejects. The clipboard write is made before this returns, so call it
 * from the click or key press itself. Past the timeout the encoding is
 * ended and the answer is "timed-out", whatever comes later.
 */
export function copyImageToClipboard(
  image: Promise<Blob>,
  {
    clipboard,
    encodePNG,
    setTimeout,
    logFailure,
    timeoutMs = clipboardImageTimeoutMs,
  }: CopyImageDeps,
): Promise<CopyImageOutcome> {
  if (clipboard === undefined) return Promise.resolve("refused");
  return new Promise<CopyImageOutcome>((resolve) => {
    const stop = new AbortController();
    let ended = false;
    const end = (outcome: CopyImageOutcome) => {
      if (ended) return;
      ended = true;
      cancelTimeout();
      stop.abort();
      resolve(outcome);
    };
    const cancelTimeout = setTimeout(() => {
      end("timed-out");
    }, timeoutMs);

    // A failure of our own (the image did not load, or did not encode) is
    // what the write then rejects with, in the browser's words: remember it.
    let ownFailure = false;
    const png = image
      .then((blob) => encodePNG(blob, stop.signal))
      .catch((error: unknown) => {
        if (!stop.signal.aborted) {
          ownFailure = true;
          logFailure("Could not make the PNG of the image to copy", error);
        }
        throw error;
      });
    // The clipboard may drop the promise without waiting on it.
    png.catch(() => undefined);

    const failed = (error: unknown) => {
      if (ownFailure) {
        end("failed");
        return;
      }
      const outcome = outcomeOfWriteError(error);
      if (outcome === "failed" && !ended) logFailure("The clipboard write failed", error);
      end(outcome);
    };
    try {
      clipboard.writePNG(png).then(() => {
        end("copied");
      }, failed);
    } catch (error) {
      failed(error);
    }
  });
}
