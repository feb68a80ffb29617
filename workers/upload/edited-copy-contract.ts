// Saving the photo editor's result: a new file made from an edited image,
// placed where its original is. The sync worker implements it over its
// uploads and library actions; the page calls it from the editor.
// See: [Note: A worker's API is declared once]

import type { ErrorMessageKey } from "../../shared/model/error-messages";

export interface EditedCopyRequest {
  /** The file the editor opened. */
  originalFileID: number;
  /**
   * The view the viewer showed the original in (an album's ID, or a pseudo
   * view such as the timeline's): when that album holds the original, the
   * copy is uploaded into it first.
   */
  viewID: number;
  /** The edited image at full size, as the editor encoded it (a JPEG without EXIF). */
  image: Blob;
  /**
   * Whether the original then goes to the trash (restorable there). Only a
   * file the user owns can be replaced; for another's file it is refused.
   */
  replaceOriginal: boolean;
}

export type EditedCopyOutcome =
  | {
      kind: "saved";
      /** The copy's file ID (an existing file's when the same image was already in the library). */
      fileID: number;
      /** The copy's name, e.g. `IMG_0042-edited.jpg`. */
      fileName: string;
      /** The collections now holding the copy. */
      collectionIDs: number[];
      /** Whether the original went to the trash (asked and done). */
      originalTrashed: boolean;
    }
  | {
      kind: "failed";
      /** What the page says (the spec's error catalogue). */
      errorKey: ErrorMessageKey;
      /**
       * Set when the copy itself was saved but a later step failed (adding it
       * to the original's other albums, or trashing the original).
       */
      savedFileID?: number | undefined;
    };

/** Told while the copy uploads: 0–100. */
export type EditedCopyProgressListener = (percent: number) => void;

export interface EditedCopyCalls {
  /**
   * Uploads `request.image` as a copy of the original (its creation time,
   * place and caption, its edited time, a name saying it was edited) into
   * the albums holding the original, then trashes the original when asked.
   */
  saveEditedCopy(
    request: EditedCopyRequest,
    onProgress: EditedCopyProgressListener,
  ): Promise<EditedCopyOutcome>;
}
