// Spec §4: add files to an album or move them to one, picked from the
// user's albums or made on the spot ("New album": the new-album rule of §5
// applies); or restore from the trash files whose albums are all gone (to an
// album, or to no album). The dialog performs the action itself, so the
// selection bar and the viewer only say which files and from where.

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { type ActionOutcome } from "../../../../workers/gallery/gallery-contract";
import { CollectionOperation } from "../../../../shared/model/library/collection-operation";
import { type GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { Button } from "../../../common/ui/Button";
import { pickableAlbums } from "./album-picker-rules";
import { AlbumPickList } from "./AlbumPickList";
import { AlbumNameDialog } from "./AlbumNameDialog";
import { ActionDialog } from "./ActionDialog";
import { useLibraryAction } from "./use-library-action";

export interface AlbumPickerDialogProps {
  /** `restore`: trashed files whose albums are gone. See: [Note: The trash remembers a file's albums] */
  mode: "add" | "move" | "restore";
  fileIDs: readonly number[];
  /** For `move` (required) and to leave the current album out of the list. */
  fromCollectionID?: number | undefined;
  /** The albums bar's summaries. */
  summaries: readonly GallerySummary[];
  onClose: () => void;
  /** After the action, with its outcome (refusals have been shown). */
  onDone?: ((outcome: ActionOutcome) => void) | undefined;
  /** Defaults to the page's client. */
  client?: Pick<GalleryClient, "perform"> | undefined;
}

export function AlbumPickerDialog({
  mode,
  fileIDs,
  fromCollectionID,
  summaries,
  onClose,
  onDone,
  client,
}: AlbumPickerDialogProps) {
  const perform = useLibraryAction(client);
  const [query, setQuery] = useState("");
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const albums = pickableAlbums(summaries, fromCollectionID, query);
  const ids = [...fileIDs];

  const collectionOperation = (toCollectionID: number | "library") =>
    perform(
      mode === "restore" || toCollectionID === "library"
        ? { kind: "restore", fileIDs: ids, homelessTo: toCollectionID }
        : mode === "add"
          ? {
              kind: "collection-operation",
              operation: CollectionOperation.add,
              fileIDs: ids,
              toCollectionID,
            }
          : {
              kind: "collection-operation",
              operation: CollectionOperation.move,
              fileIDs: ids,
              toCollectionID,
              fromCollectionID,
            },
    );

  const pick = async (collectionID: number | "library") => {
    setBusy(true);
    const outcome = await collectionOperation(collectionID);
    setBusy(false);
    onDone?.(outcome);
    onClose();
  };

  // A new album takes added files in one step; moved files follow it once it exists.
  const createAndApply = async (name: string): Promise<ActionOutcome> => {
    const created = await perform(
      mode === "add"
        ? { kind: "create-album", name, fileIDs: ids }
        : { kind: "create-album", name },
      { inlineRefusals: ["album-name-taken"] },
    );
    if (!created.ok || mode === "add" || created.collectionID === undefined) {
      if (created.ok || created.code !== "album-name-taken") onDone?.(created);
      return created;
    }
    const moved = await collectionOperation(created.collectionID);
    onDone?.(moved);
    return moved;
  };

  if (naming) {
    return (
      <AlbumNameDialog
        titleId="gallery.actions.picker.newAlbum"
        submitLabelId="gallery.actions.create"
        onSubmit={createAndApply}
        onClose={onClose}
      />
    );
  }

  return (
    <ActionDialog
      title={
        <FormattedMessage
          id={
            mode === "add"
              ? "gallery.actions.addToAlbum"
              : mode === "move"
                ? "gallery.actions.moveToAlbum"
                : "gallery.actions.restoreToAlbum"
          }
        />
      }
      onClose={busy ? undefined : onClose}
    >
      {() => (
        <div className="cairn-album-picker">
          {mode === "restore" && (
            <p className="cairn-album-picker__note">
              <FormattedMessage id="gallery.actions.restore.albumsGone" />
            </p>
          )}
          <AlbumPickList
            albums={albums}
            query={query}
            onQueryChange={setQuery}
            onPick={(collectionID) => void pick(collectionID)}
            noAlbumsMessageID="gallery.actions.picker.noAlbums"
            listTestID="album-picker-list"
            disabled={busy}
            leadingEntry={
              <>
                {mode === "restore" && (
                  <button
                    type="button"
                    className="cairn-album-picker__album cairn-album-picker__album--new"
                    data-testid="restore-to-library"
                    disabled={busy}
                    onClick={() => void pick("library")}
                  >
                    <FormattedMessage id="gallery.actions.restore.toLibrary" />
                  </button>
                )}
                <button
                  type="button"
                  className="cairn-album-picker__album cairn-album-picker__album--new"
                  disabled={busy}
                  onClick={() => {
                    setNaming(true);
                  }}
                >
                  <FormattedMessage id="gallery.actions.picker.newAlbum" />
                </button>
              </>
            }
          />
          <div className="cairn-dialog__buttons">
            <Button variant="secondary" fullWidth disabled={busy} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
