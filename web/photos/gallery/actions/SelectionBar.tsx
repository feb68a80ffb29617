// The bar over the grid while files are selected: how many, clear, and every
// action the open view allows on them (see `selection-actions.ts`). Actions
// that need a choice first open their dialog (album picker, new album name,
// fix time) or their confirmation (trash, delete permanently).

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { ActionOutcome } from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { Button } from "../../../common/ui/Button";
import { useStartDownload } from "../downloads/start-download";
import type { ViewKind } from "../view-kind";
import { AlbumNameDialog } from "./AlbumNameDialog";
import { AlbumPickerDialog } from "./AlbumPickerDialog";
import { useRestore } from "./use-restore";
import { FixTimeDialog } from "./FixTimeDialog";
import { SelectionBarFrame } from "./SelectionBarFrame";
import { directAction, selectionActions, type SelectionActionKey } from "./selection-actions";
import { useLibraryAction } from "./use-library-action";
import { useTrashConfirmation } from "./use-trash-confirmation";

const labels: Record<SelectionActionKey, MessageId> = {
  favorite: "gallery.actions.favorite",
  unfavorite: "gallery.actions.unfavorite",
  archive: "gallery.actions.archive",
  unarchive: "gallery.actions.unarchive",
  hide: "gallery.actions.hide",
  unhide: "gallery.actions.unhide",
  trash: "gallery.actions.trash",
  restore: "gallery.actions.restore",
  "delete-permanently": "gallery.actions.deletePermanently",
  "add-to-album": "gallery.actions.addToAlbum",
  "move-to-album": "gallery.actions.moveToAlbum",
  "remove-from-album": "gallery.actions.removeFromAlbum",
  download: "gallery.actions.download",
  "download-zip": "gallery.actions.downloadZip",
  "fix-time": "gallery.actions.fixTime",
  "create-album": "gallery.actions.createAlbum",
  "use-as-cover": "gallery.actions.useAsCover",
};

type OpenDialog = "add-to-album" | "move-to-album" | "create-album" | "fix-time";

export interface SelectionBarProps {
  client: Pick<GalleryClient, "perform" | "download">;
  viewID: number;
  kind: ViewKind;
  /** The open view's summary (ownership for "use as cover"). */
  summary: GallerySummary | undefined;
  /** Every summary, for the album picker. */
  summaries: readonly GallerySummary[];
  /** Selected file IDs, in the order they were selected. */
  fileIDs: readonly number[];
  onClear: () => void;
  /** The name of a zip of the selection (the view's title). */
  zipName: string;
}

export function SelectionBar({
  client,
  viewID,
  kind,
  summary,
  summaries,
  fileIDs,
  onClear,
  zipName,
}: SelectionBarProps) {
  const perform = useLibraryAction(client);
  const confirmTrash = useTrashConfirmation(client);
  const startDownload = useStartDownload();
  const { showMessageDialog } = useMessageDialog();
  const [dialog, setDialog] = useState<OpenDialog | undefined>();
  const restoring = useRestore(client, summaries);
  const count = fileIDs.length;
  if (count === 0) return null;

  const clearOnSuccess = (outcome: ActionOutcome | undefined) => {
    if (outcome?.ok === true) onClear();
  };

  const run = async (key: SelectionActionKey) => {
    if (key === "restore") {
      clearOnSuccess(await restoring.restore(fileIDs));
      return;
    }
    const action = directAction(key, fileIDs, viewID);
    if (action !== undefined) {
      clearOnSuccess(await perform(action));
      return;
    }
    switch (key) {
      case "trash":
        clearOnSuccess(await confirmTrash(fileIDs));
        return;
      case "delete-permanently":
        showMessageDialog({
          title: (
            <FormattedMessage id="gallery.actions.deletePermanently.title" values={{ count }} />
          ),
          message: <FormattedMessage id="gallery.actions.cannotUndo" />,
          proceed: {
            label: <FormattedMessage id="gallery.actions.deletePermanently" />,
            variant: "critical",
            action: async () => {
              clearOnSuccess(await perform({ kind: "delete-permanently", fileIDs: [...fileIDs] }));
            },
          },
        });
        return;
      case "download":
      case "download-zip":
        onClear();
        await startDownload(client, fileIDs, key === "download" ? "files" : "zip", zipName);
        return;
      case "add-to-album":
      case "move-to-album":
      case "create-album":
      case "fix-time":
        setDialog(key);
        return;
      default:
        return;
    }
  };

  const closeDialog = () => {
    setDialog(undefined);
  };

  return (
    <SelectionBarFrame
      count={count}
      onClear={onClear}
      actions={selectionActions(kind, summary, count).map((key) => (
        <Button
          key={key}
          variant={key === "trash" || key === "delete-permanently" ? "critical" : "secondary"}
          data-action={key}
          onClick={() => void run(key)}
        >
          <FormattedMessage id={labels[key]} />
        </Button>
      ))}
    >
      {(dialog === "add-to-album" || dialog === "move-to-album") && (
        <AlbumPickerDialog
          mode={dialog === "add-to-album" ? "add" : "move"}
          fileIDs={fileIDs}
          fromCollectionID={viewID > 0 ? viewID : undefined}
          summaries={summaries}
          client={client}
          onClose={closeDialog}
          onDone={clearOnSuccess}
        />
      )}
      {dialog === "create-album" && (
        <AlbumNameDialog
          titleId="gallery.actions.createAlbum"
          submitLabelId="gallery.actions.create"
          onSubmit={async (name) => {
            const outcome = await perform(
              { kind: "create-album", name, fileIDs: [...fileIDs] },
              { inlineRefusals: ["album-name-taken"] },
            );
            clearOnSuccess(outcome);
            return outcome;
          }}
          onClose={closeDialog}
        />
      )}
      {restoring.dialog}
      {dialog === "fix-time" && (
        <FixTimeDialog fileIDs={fileIDs} client={client} onClose={closeDialog} />
      )}
    </SelectionBarFrame>
  );
}
