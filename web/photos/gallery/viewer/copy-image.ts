// The viewer's "Copy": which image of the shown file goes on the clipboard,
// how long copying may take, and what each ending of a copy tells the
// user. Pure.

import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { FileType } from "../../../../shared/model/library/file-metadata";
import type { MessageId } from "../../../common/i18n/messages";

// [Note: The viewer copies the image it shows, as a PNG]
//
// Browsers put only a few image types on the clipboard, and PNG is the one
// every browser with the asynchronous Clipboard API accepts (Chromium
// refuses a JPEG). So "Copy" takes the image the viewer shows at full size
// (for a HEIC or a RAW file, the JPEG the media worker made of it; for a
// live photo, its still; never the thumbnail), decodes it and encodes it as
// a PNG in a worker, off the UI thread. Chromium lets a page write to the
// clipboard only during the click (or key press) that asked, so the write is
// made at once with a promise of the PNG, which a `ClipboardItem` accepts.
// Videos are not copied: the clipboard takes no video. A file the viewer may
// not offer for download (a public link's setting) is not copied either: a
// copy at full size is a download by another road.

/** Whether the viewer offers to copy a file of this type. See: [Note: The viewer copies the image it shows, as a PNG] */
export const isCopyableFileType = (fileType: FileType): boolean =>
  fileType === FileType.image || fileType === FileType.livePhoto;

/** The image of `media` that is copied, or undefined for media without one (a video, another file). */
export const copyableImageOf = (media: OriginalMedia): Blob | undefined => {
  switch (media.kind) {
    case "image":
      return media.blob;
    case "live-photo":
      return media.image;
    case "video":
    case "other":
      return undefined;
  }
};

/**
 * How long a copy may take in all, from the click until the clipboard has
 * the image: the spec's clipboard image copy timeout (§9). A 12-megapixel
 * photo is decoded and encoded as a PNG in one or two seconds; the rest is
 * room for an original still downloading and for a slow device.
 */
export const clipboardImageTimeoutMs = 30_000;

/**
 * How a copy ended: the image is on the clipboard; the browser refused (no
 * Clipboard API, the permission denied, the page not focused); the timeout
 * passed; or the image could not be read or encoded.
 */
export type CopyImageOutcome = "copied" | "refused" | "timed-out" | "failed";

/**
 * The names of the errors (`DOMException`s) with which a browser refuses a
 * clipboard write: `NotAllowedError` for a permission denied or a page
 * without focus or user activation, `SecurityError` where a policy forbids
 * the clipboard.
 */
const refusalNames: ReadonlySet<string> = new Set(["NotAllowedError", "SecurityError"]);

/** What a failed clipboard write means to the user. */
export const outcomeOfWriteError = (error: unknown): CopyImageOutcome =>
  typeof error === "object" &&
  error !== null &&
  "name" in error &&
  typeof error.name === "string" &&
  refusalNames.has(error.name)
    ? "refused"
    : "failed";

export interface CopyOutcomeDisplay {
  message: MessageId;
  variant: "success" | "critical";
}

/** The toast that tells each outcome. */
export const copyOutcomeDisplay: Record<CopyImageOutcome, CopyOutcomeDisplay> = {
  copied: { message: "gallery.viewer.copied", variant: "success" },
  refused: { message: "gallery.viewer.copyRefused", variant: "critical" },
  "timed-out": { message: "gallery.viewer.copyTimedOut", variant: "critical" },
  failed: { message: "gallery.viewer.copyFailed", variant: "critical" },
};
