// A searchable list of the user's albums to pick one from, with each
// album's file count: the album picker of §4 (add, move) and the upload
// target dialog use it. The caller filters the albums by the query.

import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "../../../common/i18n/messages";

export interface PickableAlbum {
  id: number;
  name: string;
  fileCount: number;
}

export interface AlbumPickListProps {
  /** The albums matching `query`, in the order shown. */
  albums: readonly PickableAlbum[];
  query: string;
  onQueryChange: (query: string) => void;
  onPick: (collectionID: number) => void;
  /** Shown when the user has no album to pick (and the query is empty). */
  noAlbumsMessageID: MessageId;
  listTestID: string;
  /** A first entry before the albums (the picker's "New album"). */
  leadingEntry?: ReactNode;
  disabled?: boolean | undefined;
}

export function AlbumPickList({
  albums,
  query,
  onQueryChange,
  onPick,
  noAlbumsMessageID,
  listTestID,
  leadingEntry,
  disabled = false,
}: AlbumPickListProps) {
  const intl = useIntl();
  const trimmedQuery = query.trim();
  return (
    <>
      <input
        type="search"
        className="cairn-field__input"
        aria-label={intl.formatMessage({ id: "gallery.actions.picker.search" })}
        placeholder={intl.formatMessage({ id: "gallery.actions.picker.search" })}
        value={query}
        onChange={(event) => {
          onQueryChange(event.target.value);
        }}
      />
      <ul className="cairn-album-picker__list" data-testid={listTestID}>
        {leadingEntry !== undefined && <li>{leadingEntry}</li>}
        {albums.map((album) => (
          <li key={album.id}>
            <button
              type="button"
              className="cairn-album-picker__album"
              data-collection-id={album.id}
              disabled={disabled}
              onClick={() => {
                onPick(album.id);
              }}
            >
              <span className="cairn-album-picker__name">{album.name}</span>
              <span className="cairn-album-picker__count">
                {intl.formatNumber(album.fileCount)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {albums.length === 0 && (
        <p className="cairn-dialog__message">
          {trimmedQuery === "" ? (
            <FormattedMessage id={noAlbumsMessageID} />
          ) : (
            <FormattedMessage id="gallery.albums.noMatch" values={{ query: trimmedQuery }} />
          )}
        </p>
      )}
    </>
  );
}
