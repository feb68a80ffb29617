// Restoring from the trash, from the selection bar or the viewer: each file
// goes back into the albums it was in; when those are all gone, the album
// picker asks where (an album, a new one, or no album).
// See: [Note: The trash remembers a file's albums]

import { useState, type ReactNode } from "react";
import type { ActionOutcome } from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { AlbumPickerDialog } from "./AlbumPickerDialog";
import { useLibraryAction } from "./use-library-action";

export interface Restore {
  /** Restores the files; answers the outcome once they are restored, or once the picker closes. */
  restore: (fileIDs: readonly number[]) => Promise<ActionOutcome>;
  /** The album picker, while it asks. */
  dialog: ReactNode;
}

export function useRestore(
  client: Pick<GalleryClient, "perform"> | undefined,
  summaries: readonly GallerySummary[],
): Restore {
  const perform = useLibraryAction(client);
  const [asking, setAsking] = useState<
    { fileIDs: readonly number[]; answer: (outcome: ActionOutcome) => void } | undefined
  >();

  const restore = async (fileIDs: readonly number[]): Promise<ActionOutcome> => {
    const outcome = await perform(
      { kind: "restore", fileIDs: [...fileIDs] },
      { inlineRefusals: ["restore-needs-album"] },
    );
    if (outcome.ok || outcome.code !== "restore-needs-album") return outcome;
    return new Promise((answer) => {
      setAsking({ fileIDs, answer });
    });
  };

  const dialog = asking !== undefined && (
    <AlbumPickerDialog
      mode="restore"
      fileIDs={asking.fileIDs}
      summaries={summaries}
      client={client}
      onClose={() => {
        // Closed without a choice (after one, `onDone` has answered already).
        setAsking(undefined);
        asking.answer({ ok: false, code: "restore-needs-album" });
      }}
      onDone={(outcome) => {
        setAsking(undefined);
        asking.answer(outcome);
      }}
    />
  );
  return { restore, dialog };
}
