// `/gallery/albums`: the library's places (favorites, uncategorized,
// archive, hidden, trash), then every album as a card, in the chosen sort
// and filtered by a search of their names.

import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { MessageId } from "../../../common/i18n/messages";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { AlbumCard } from "./AlbumCard";
import { albumsPageAlbums, libraryPlaceCards, type LibraryPlace } from "./album-pages";
import { useCollectionSortBy } from "./collection-sort";
import { SortMenu } from "./SortMenu";
import { summaryLabel } from "./summary-labels";
import "./album-pages.css";

const placeLabels: Record<LibraryPlace, MessageId> = {
  favorites: "gallery.albums.favorites",
  uncategorized: "gallery.albums.uncategorized",
  archive: "gallery.albums.archive",
  hidden: "gallery.albums.hidden",
  trash: "gallery.albums.trash",
};

export function AlbumsPage({
  summaries,
  hiddenFileCount,
  thumbnails,
}: {
  /** Undefined until the library has answered. */
  summaries: readonly GallerySummary[] | undefined;
  hiddenFileCount: number | undefined;
  thumbnails: ThumbnailStore;
}) {
  const intl = useIntl();
  const [sortBy, setSortBy] = useCollectionSortBy();
  const [query, setQuery] = useState("");
  const label = (summary: GallerySummary) =>
    summaryLabel(summary, (id) => intl.formatMessage({ id }));
  const places = libraryPlaceCards(summaries ?? [], hiddenFileCount);
  const albums = albumsPageAlbums(summaries ?? [], sortBy, query, label);
  const count = (n: number) => <FormattedMessage id="gallery.albums.count" values={{ count: n }} />;

  return (
    <div className="cairn-album-page" data-testid="albums-page">
      <header className="cairn-album-page__header">
        <h1 className="cairn-album-page__title">
          <FormattedMessage id="gallery.nav.albums" />
        </h1>
        <div className="cairn-album-page__tools">
          <input
            type="search"
            className="cairn-field__input cairn-album-page__search"
            aria-label={intl.formatMessage({ id: "gallery.albums.search" })}
            placeholder={intl.formatMessage({ id: "gallery.albums.search" })}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
          <SortMenu sortBy={sortBy} onChange={setSortBy} />
        </div>
      </header>
      {places.length > 0 && query.trim() === "" && (
        <ul
          className="cairn-album-page__grid cairn-album-page__places"
          aria-label={intl.formatMessage({ id: "gallery.albums.places" })}
        >
          {places.map((place) => (
            <AlbumCard
              key={place.place}
              viewID={place.viewID}
              name={intl.formatMessage({ id: placeLabels[place.place] })}
              detail={count(place.count)}
              coverFileID={place.coverFileID}
              thumbnails={thumbnails}
              cover={
                place.place === "hidden" ? (
                  <span
                    className="cairn-album-cover cairn-album-cover--hidden"
                    aria-hidden="true"
                  />
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
      <h2 className="cairn-album-page__heading">
        <FormattedMessage id="gallery.albums.yourAlbums" />
      </h2>
      {albums.length > 0 ? (
        <ul className="cairn-album-page__grid" data-testid="albums-page-albums">
          {albums.map((album) => (
            <AlbumCard
              key={album.id}
              viewID={album.id}
              name={label(album)}
              detail={
                album.isOwned ? (
                  count(album.fileCount)
                ) : (
                  <FormattedMessage
                    id="gallery.sharing.sharedBy"
                    values={{ email: album.ownerEmail ?? "" }}
                  />
                )
              }
              coverFileID={album.coverFileID}
              thumbnails={thumbnails}
            />
          ))}
        </ul>
      ) : (
        <p className="cairn-album-page__empty" data-testid="albums-page-empty">
          {query.trim() === "" ? (
            <FormattedMessage id="gallery.albums.none" />
          ) : (
            <FormattedMessage id="gallery.albums.noMatch" values={{ query: query.trim() }} />
          )}
        </p>
      )}
    </div>
  );
}
