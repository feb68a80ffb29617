// Saving an edit: the full-size render in the editor's worker, then either a
// copy in the library (the sync worker uploads it beside its original) or a
// download of the edited JPEG.

import { useCallback, useState } from "react";
import { editedCopyName } from "../../../shared/model/editor/edited-copy-name";
import { type EditState } from "../../../shared/model/editor/edit-state";
import { renderSpecOf } from "../../../shared/model/editor/render-spec-of";
import type { EditedCopyOutcome } from "../../../workers/upload/edited-copy-contract";
import type { EditedCopyClient } from "../../common/library/edited-copy-client";
import { browserSaveFileDeps, saveDownloadedFile } from "../gallery/downloads/save-file";
import type { EditorRenderer } from "./use-editor-renderer";

/** The JPEG quality of a saved edit: visually lossless for photos, about a third of the bytes of 0.98. */
export const editedJpegQuality = 0.92;

export type SaveMode = "copy" | "replace" | "download";

export type SavePhase =
  | { kind: "idle" }
  /** The full-size image is being drawn and encoded. */
  | { kind: "rendering"; mode: SaveMode }
  /** The copy is uploading: 0–100. */
  | { kind: "uploading"; mode: SaveMode; percent: number };

export type SaveResult =
  | { kind: "saved"; outcome: Extract<EditedCopyOutcome, { kind: "saved" }> }
  | { kind: "downloaded"; fileName: string }
  | { kind: "failed"; outcome: Extract<EditedCopyOutcome, { kind: "failed" }> | undefined };

export interface SaveEditOptions {
  originalFileID: number;
  viewID: number;
  /** The original's shown name, for the download's name. */
  shownName: string;
  renderer: Pick<EditorRenderer, "renderFull">;
  /** Undefined where the library cannot take a copy (then only a download is offered). */
  copies: EditedCopyClient | undefined;
}

export function useSaveEdit({
  originalFileID,
  viewID,
  shownName,
  renderer,
  copies,
}: SaveEditOptions): {
  phase: SavePhase;
  save: (state: EditState, mode: SaveMode) => Promise<SaveResult>;
} {
  const [phase, setPhase] = useState<SavePhase>({ kind: "idle" });

  const save = useCallback(
    async (state: EditState, mode: SaveMode): Promise<SaveResult> => {
      setPhase({ kind: "rendering", mode });
      try {
        const image = await renderer.renderFull(renderSpecOf(state), {
          type: "image/jpeg",
          quality: editedJpegQuality,
        });
        if (mode === "download") {
          const fileName = editedCopyName(shownName);
          saveDownloadedFile({ name: fileName, blob: image }, browserSaveFileDeps());
          return { kind: "downloaded", fileName };
        }
        if (copies === undefined) return { kind: "failed", outcome: undefined };
        setPhase({ kind: "uploading", mode, percent: 0 });
        const outcome = await copies.saveEditedCopy(
          { originalFileID, viewID, image, replaceOriginal: mode === "replace" },
          (percent) => {
            setPhase({ kind: "uploading", mode, percent });
          },
        );
        return outcome.kind === "saved" ? { kind: "saved", outcome } : { kind: "failed", outcome };
      } finally {
        setPhase({ kind: "idle" });
      }
    },
    [copies, originalFileID, viewID, shownName, renderer],
  );

  return { phase, save };
}
