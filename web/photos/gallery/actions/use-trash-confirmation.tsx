// Spec §2: moving files to the trash asks first, in words that differ for
// one file and for several. The viewer and the selection bar both use it.

import { useCallback } from "react";
import { FormattedMessage } from "react-intl";
import type { ActionOutcome } from "../../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { useLibraryAction } from "./use-library-action";

/**
 * `confirmTrash(fileIDs)` shows the confirmation; on "Move to trash" it
 * performs the `trash` action and resolves with its outcome, on cancel with
 * `undefined`.
 */
export function useTrashConfirmation(
  client?: Pick<GalleryClient, "perform">,
): (fileIDs: readonly number[]) => Promise<ActionOutcome | undefined> {
  const { showMessageDialog } = useMessageDialog();
  const perform = useLibraryAction(client);
  return useCallback(
    (fileIDs) =>
      new Promise<ActionOutcome | undefined>((resolve) => {
        const count = fileIDs.length;
        showMessageDialog({
          title: <FormattedMessage id="gallery.actions.trash.title" values={{ count }} />,
          message: <FormattedMessage id="gallery.actions.trash.message" values={{ count }} />,
          close: {
            action: () => {
              resolve(undefined);
            },
          },
          proceed: {
            label: <FormattedMessage id="gallery.actions.trash" />,
            variant: "critical",
            action: async () => {
              resolve(await perform({ kind: "trash", fileIDs: [...fileIDs] }));
            },
          },
        });
      }),
    [showMessageDialog, perform],
  );
}
