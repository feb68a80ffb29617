// Saves a finished download through the browser: an `<a download>` pointing
// at an object URL of the file's Blob, clicked once.

import type { DownloadedFile } from "../../../../workers/gallery/gallery-contract";

/**
 * How long a saved file's object URL stays alive after the click. The
 * browser reads the Blob asynchronously once the download has started;
 * revoking at once can cancel it in Firefox and Safari. A few seconds is far
 * longer than that start takes, and the Blob is held only that long.
 */
export const savedObjectURLLifetimeMs = 10_000;

export interface SaveFileDeps {
  document: Document;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  setTimeout: (callback: () => void, delayMs: number) => unknown;
}

export const browserSaveFileDeps = (): SaveFileDeps => ({
  document,
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => {
    URL.revokeObjectURL(url);
  },
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
});

/** Hands `file` to the browser's downloads under `file.name`. */
export function saveDownloadedFile(file: DownloadedFile, deps: SaveFileDeps): void {
  const url = deps.createObjectURL(file.blob);
  const link = deps.document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.rel = "noopener";
  link.style.display = "none";
  deps.document.body.append(link);
  link.click();
  link.remove();
  deps.setTimeout(() => {
    deps.revokeObjectURL(url);
  }, savedObjectURLLifetimeMs);
}
