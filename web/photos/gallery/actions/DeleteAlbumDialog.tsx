// Spec §4: deleting an album keeps its files or deletes them with it.

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { Button } from "../../../common/ui/Button";
import { ActionDialog } from "./ActionDialog";
import { useLibraryAction } from "./use-library-action";

export interface DeleteAlbumDialogProps {
  collectionID: number;
  name: string;
  onClose: () => void;
  /** After the album is gone (the page leaves its view). */
  onDeleted: () => void;
  client?: Pick<GalleryClient, "perform"> | undefined;
}

export function DeleteAlbumDialog({
  collectionID,
  name,
  onClose,
  onDeleted,
  client,
}: DeleteAlbumDialogProps) {
  const perform = useLibraryAction(client);
  const [busy, setBusy] = useState<"keep" | "delete" | undefined>();

  const remove = async (keepFiles: boolean) => {
    setBusy(keepFiles ? "keep" : "delete");
    const outcome = await perform({ kind: "delete-album", collectionID, keepFiles });
    setBusy(undefined);
    onClose();
    if (outcome.ok) onDeleted();
  };

  return (
    <ActionDialog
      title={<FormattedMessage id="gallery.actions.deleteAlbum.title" values={{ name }} />}
      onClose={busy === undefined ? onClose : undefined}
    >
      {() => (
        <>
          <p className="cairn-dialog__message">
            <FormattedMessage id="gallery.actions.deleteAlbum.message" />
          </p>
          <div className="cairn-dialog__buttons">
            <Button
              variant="accent"
              fullWidth
              busy={busy === "keep"}
              disabled={busy !== undefined}
              onClick={() => void remove(true)}
            >
              <FormattedMessage id="gallery.actions.deleteAlbum.keepFiles" />
            </Button>
            <Button
              variant="critical"
              fullWidth
              busy={busy === "delete"}
              disabled={busy !== undefined}
              onClick={() => void remove(false)}
            >
              <FormattedMessage id="gallery.actions.deleteAlbum.deleteFiles" />
            </Button>
            <Button variant="secondary" fullWidth disabled={busy !== undefined} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </>
      )}
    </ActionDialog>
  );
}
