// `/gallery/sharing`: the albums the user shares with people, the albums
// shared with them, and the albums with a public link, each as cards that
// say with how many people, by whom, or that a link is on.

import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { MessageId } from "../../../common/i18n/messages";
import { AlbumCard } from "../albums/AlbumCard";
import { sharingGroups } from "../albums/album-pages";
import { useCollectionSortBy } from "../albums/collection-sort";
import { summaryLabel } from "../albums/summary-labels";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import "../albums/album-pages.css";

function Group({
  titleID,
  emptyID,
  testID,
  albums,
  detail,
  thumbnails,
}: {
  titleID: MessageId;
  emptyID: MessageId;
  testID: string;
  albums: readonly GallerySummary[];
  detail: (album: GallerySummary) => ReactNode;
  thumbnails: ThumbnailStore;
}) {
  const intl = useIntl();
  return (
    <section className="cairn-album-page__group" data-testid={testID}>
      <h2 className="cairn-album-page__heading">
        <FormattedMessage id={titleID} />
      </h2>
      {albums.length > 0 ? (
        <ul className="cairn-album-page__grid">
          {albums.map((album) => (
            <AlbumCard
              key={album.id}
              viewID={album.id}
              name={summaryLabel(album, (id) => intl.formatMessage({ id }))}
              detail={detail(album)}
              coverFileID={album.coverFileID}
              thumbnails={thumbnails}
            />
          ))}
        </ul>
      ) : (
        <p className="cairn-album-page__empty">
          <FormattedMessage id={emptyID} />
        </p>
      )}
    </section>
  );
}

export function SharingPage({
  summaries,
  thumbnails,
}: {
  summaries: readonly GallerySummary[] | undefined;
  thumbnails: ThumbnailStore;
}) {
  const [sortBy] = useCollectionSortBy();
  const groups = sharingGroups(summaries ?? [], sortBy);
  return (
    <div className="cairn-album-page" data-testid="sharing-page">
      <header className="cairn-album-page__header">
        <h1 className="cairn-album-page__title">
          <FormattedMessage id="gallery.nav.sharing" />
        </h1>
      </header>
      <Group
        titleID="gallery.sharingPage.byMe"
        emptyID="gallery.sharingPage.byMeEmpty"
        testID="shared-by-me"
        albums={groups.sharedByMe}
        detail={(album) => (
          <FormattedMessage
            id="gallery.sharingPage.withPeople"
            values={{ count: album.shareeCount ?? 0 }}
          />
        )}
        thumbnails={thumbnails}
      />
      <Group
        titleID="gallery.sharingPage.withMe"
        emptyID="gallery.sharingPage.withMeEmpty"
        testID="shared-with-me"
        albums={groups.sharedWithMe}
        detail={(album) => (
          <FormattedMessage
            id="gallery.sharing.sharedBy"
            values={{ email: album.ownerEmail ?? "" }}
          />
        )}
        thumbnails={thumbnails}
      />
      <Group
        titleID="gallery.sharingPage.links"
        emptyID="gallery.sharingPage.linksEmpty"
        testID="shared-links"
        albums={groups.links}
        detail={(album) => (
          <FormattedMessage id="gallery.albums.count" values={{ count: album.fileCount }} />
        )}
        thumbnails={thumbnails}
      />
    </div>
  );
}
