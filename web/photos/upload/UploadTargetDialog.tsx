// Where picked or dropped files go when the open view is not an album of the
// user's: a new album (named after the picked folder by default), one of the
// user's albums, for several folders one album per folder, or no album.

import { useId, useState, type SyntheticEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GallerySummary } from "../../../shared/model/library/gallery-summary";
import type { PickedFile, UploadTarget } from "../../../workers/upload/upload-contract";
import { TextField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { ActionDialog } from "../gallery/actions/ActionDialog";
import { AlbumPickList } from "../gallery/actions/AlbumPickList";
import { defaultAlbumName, folderAlbumNames } from "./upload-picks";
import { existingAlbumNamed, uploadableAlbums } from "./upload-targets";
import "./upload.css";

export interface UploadTargetDialogProps {
  /** Loose files only, or folders only. See: [Note: Loose files and folders are not uploaded together] */
  picks: readonly PickedFile[];
  /** The albums bar's summaries. */
  summaries: readonly GallerySummary[];
  onChoose: (target: UploadTarget) => void;
  onClose: () => void;
}

/** Folder names listed in the "one album per folder" choice before an ellipsis. */
const listedFolderNames = 4;

export function UploadTargetDialog({
  picks,
  summaries,
  onChoose,
  onClose,
}: UploadTargetDialogProps) {
  const intl = useIntl();
  const choiceName = useId();
  const folderAlbums = folderAlbumNames(picks);
  // With one folder, one album per folder and everything in one album are the same.
  const offersPerFolder = folderAlbums.length > 1;
  const [perFolder, setPerFolder] = useState(offersPerFolder);
  const [name, setName] = useState(() => defaultAlbumName(picks));
  const [query, setQuery] = useState("");
  const albums = uploadableAlbums(summaries, query);
  const trimmed = name.trim();
  const existing = existingAlbumNamed(summaries, trimmed);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (perFolder) onChoose({ kind: "album-per-folder" });
    else if (trimmed !== "") onChoose({ kind: "new-album", name: trimmed });
  };

  const shownFolders = folderAlbums.slice(0, listedFolderNames);
  const folderList =
    intl.formatList(shownFolders, { type: "conjunction" }) +
    (folderAlbums.length > shownFolders.length ? "…" : "");

  return (
    <ActionDialog
      title={<FormattedMessage id="upload.target.title" values={{ count: picks.length }} />}
      onClose={onClose}
    >
      {() => (
        <div className="cairn-upload-target" data-testid="upload-target-dialog">
          <form className="cairn-action-form" onSubmit={submit}>
            {offersPerFolder && (
              <fieldset className="cairn-action-form__choices">
                <label>
                  <input
                    type="radio"
                    name={choiceName}
                    checked={perFolder}
                    onChange={() => {
                      setPerFolder(true);
                    }}
                  />
                  <span className="cairn-upload-target__choice">
                    <FormattedMessage id="upload.target.perFolder" />
                    <span className="cairn-upload-target__hint">
                      <FormattedMessage
                        id="upload.target.perFolder.albums"
                        values={{ count: folderAlbums.length, names: folderList }}
                      />
                    </span>
                  </span>
                </label>
                <label>
                  <input
                    type="radio"
                    name={choiceName}
                    checked={!perFolder}
                    onChange={() => {
                      setPerFolder(false);
                    }}
                  />
                  <FormattedMessage id="upload.target.oneAlbum" />
                </label>
              </fieldset>
            )}
            {!perFolder && (
              <TextField
                labelId="gallery.actions.albumName"
                value={name}
                autoFocus
                onChange={setName}
                hint={
                  existing === undefined ? undefined : (
                    <FormattedMessage
                      id="upload.target.existingAlbum"
                      values={{ name: existing.name }}
                    />
                  )
                }
              />
            )}
            <Button
              type="submit"
              variant="accent"
              fullWidth
              disabled={!perFolder && trimmed === ""}
            >
              <FormattedMessage id="upload.target.upload" />
            </Button>
          </form>
          {!perFolder && (
            <div className="cairn-album-picker">
              <h3 className="cairn-upload-target__heading">
                <FormattedMessage id="upload.target.pickAlbum" />
              </h3>
              <AlbumPickList
                albums={albums}
                query={query}
                onQueryChange={setQuery}
                onPick={(collectionID) => {
                  onChoose({ kind: "album", collectionID });
                }}
                noAlbumsMessageID="upload.target.noAlbums"
                listTestID="upload-album-list"
              />
            </div>
          )}
          <div className="cairn-dialog__buttons">
            <Button
              variant="secondary"
              fullWidth
              data-testid="upload-to-library"
              onClick={() => {
                onChoose({ kind: "library" });
              }}
            >
              <FormattedMessage id="upload.target.library" />
            </Button>
            <Button variant="secondary" fullWidth onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
