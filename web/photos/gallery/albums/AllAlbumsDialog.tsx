// The all-albums view: every album of the section with its cover and count,
// searchable by name.

import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { Dialog } from "../../../common/dialog/Dialog";
import { Button } from "../../../common/ui/Button";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { AlbumCover } from "./AlbumCover";
import { searchAlbums } from "./bar-entries";

export function AllAlbumsDialog({
  summaries,
  thumbnails,
  label,
  onOpen,
  onClose,
}: {
  summaries: readonly GallerySummary[];
  thumbnails: ThumbnailStore;
  label: (summary: GallerySummary) => string;
  onOpen: (viewID: number) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const titleID = useId();
  const [query, setQuery] = useState("");
  const found = searchAlbums(summaries, query, label);
  return (
    <Dialog size="standard" labelledBy={titleID} onClose={onClose}>
      <h2 id={titleID} className="cairn-dialog__title">
        <FormattedMessage id="gallery.albums.viewAll" />
      </h2>
      <input
        type="search"
        className="cairn-field__input cairn-all-albums__search"
        aria-label={intl.formatMessage({ id: "gallery.albums.search" })}
        placeholder={intl.formatMessage({ id: "gallery.albums.search" })}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />
      <ul className="cairn-all-albums" data-testid="all-albums">
        {found.map((summary) => (
          <li key={summary.id}>
            <button
              type="button"
              className="cairn-all-albums__album"
              data-collection-id={summary.id}
              onClick={() => {
                onOpen(summary.id);
              }}
            >
              <AlbumCover thumbnails={thumbnails} fileID={summary.coverFileID} />
              <span className="cairn-all-albums__name">{label(summary)}</span>
              <span className="cairn-all-albums__count">
                <FormattedMessage id="gallery.albums.count" values={{ count: summary.fileCount }} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {found.length === 0 && (
        <p className="cairn-dialog__message">
          <FormattedMessage id="gallery.albums.noMatch" values={{ query: query.trim() }} />
        </p>
      )}
      <div className="cairn-dialog__buttons">
        <Button variant="secondary" fullWidth onClick={onClose}>
          <FormattedMessage id="action.close" />
        </Button>
      </div>
    </Dialog>
  );
}
