// The albums bar above the grid (spec §3): a horizontal, scrollable row of
// the open section's summaries, each with its cover, name and count, in the
// section order and the chosen sort (the albums' section starts with the
// people in the photos); the sort menu and the all-albums view.

import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { AlbumCover } from "./AlbumCover";
import { AllAlbumsDialog } from "./AllAlbumsDialog";
import { barEntries, sectionOfView, type BarEntry } from "./bar-entries";
import { useCollectionSortBy } from "./collection-sort";
import { SortMenu } from "./SortMenu";
import { summaryLabel } from "./summary-labels";
import { mapPageAddress } from "../../map/map-address";
import { PeopleStrip } from "../../people/PeopleStrip";
import "./albums.css";

export interface AlbumsBarProps {
  summaries: readonly GallerySummary[];
  openViewID: number;
  onOpen: (viewID: number) => void;
  thumbnails: ThumbnailStore;
  /** Distinct files in hidden collections (the hidden section's entry), when known. */
  hiddenFileCount?: number | undefined;
}

export function AlbumsBar({
  summaries,
  openViewID,
  onOpen,
  thumbnails,
  hiddenFileCount,
}: AlbumsBarProps) {
  const intl = useIntl();
  const [sortBy, setSortBy] = useCollectionSortBy();
  const [allAlbumsOpen, setAllAlbumsOpen] = useState(false);
  const section = sectionOfView(openViewID, summaries);
  const entries = barEntries({ summaries, section, sortBy, openViewID, hiddenFileCount });
  const label = (summary: GallerySummary) =>
    summaryLabel(summary, (id) => intl.formatMessage({ id }));

  const entryButton = (entry: BarEntry) => {
    switch (entry.kind) {
      case "summary": {
        const { summary } = entry;
        return (
          <EntryButton
            key={summary.id}
            viewID={summary.id}
            name={label(summary)}
            count={summary.fileCount}
            open={summary.id === openViewID}
            pinned={summary.pinOrder !== undefined}
            cover={<AlbumCover thumbnails={thumbnails} fileID={summary.coverFileID} />}
            onOpen={onOpen}
          />
        );
      }
      case "hidden-section":
        return (
          <EntryButton
            key="hidden-section"
            viewID={PseudoCollectionID.hiddenItems}
            name={intl.formatMessage({ id: "gallery.albums.hidden" })}
            count={entry.count}
            open={false}
            pinned={false}
            cover={
              <span className="cairn-album-cover cairn-album-cover--hidden" aria-hidden="true" />
            }
            onOpen={onOpen}
          />
        );
      case "leave-hidden":
        return (
          <li key="leave-hidden">
            <button
              type="button"
              className="cairn-albums-bar__tool cairn-albums-bar__back"
              onClick={() => {
                onOpen(PseudoCollectionID.all);
              }}
            >
              <FormattedMessage id="gallery.albums.leaveHidden" />
            </button>
          </li>
        );
    }
  };

  const sectionSummaries = entries.flatMap((entry) =>
    entry.kind === "summary" ? [entry.summary] : [],
  );

  return (
    <nav
      className="cairn-albums-bar"
      aria-label={intl.formatMessage({ id: "gallery.albums.barLabel" })}
      data-section={section}
    >
      <ul className="cairn-albums-bar__list">
        {section === "albums" && <PeopleStrip libraryVersion={summaries} />}
        {entries.map(entryButton)}
      </ul>
      <div className="cairn-albums-bar__tools">
        {section === "albums" && (
          <Link
            to={mapPageAddress({})}
            className="cairn-albums-bar__tool"
            data-testid="albums-bar-map"
          >
            <FormattedMessage id="gallery.nav.map" />
          </Link>
        )}
        <SortMenu sortBy={sortBy} onChange={setSortBy} />
        <button
          type="button"
          className="cairn-albums-bar__tool"
          onClick={() => {
            setAllAlbumsOpen(true);
          }}
        >
          <FormattedMessage id="gallery.albums.viewAll" />
        </button>
      </div>
      {allAlbumsOpen && (
        <AllAlbumsDialog
          summaries={sectionSummaries}
          thumbnails={thumbnails}
          label={label}
          onOpen={(viewID) => {
            setAllAlbumsOpen(false);
            onOpen(viewID);
          }}
          onClose={() => {
            setAllAlbumsOpen(false);
          }}
        />
      )}
    </nav>
  );
}

function EntryButton({
  viewID,
  name,
  count,
  open,
  pinned,
  cover,
  onOpen,
}: {
  viewID: number;
  name: string;
  count: number;
  open: boolean;
  pinned: boolean;
  cover: ReactNode;
  onOpen: (viewID: number) => void;
}) {
  const intl = useIntl();
  return (
    <li>
      <button
        type="button"
        className="cairn-album-entry"
        data-testid="album-entry"
        data-collection-id={viewID}
        aria-current={open ? "page" : undefined}
        title={pinned ? `${name} · ${intl.formatMessage({ id: "gallery.albums.pinned" })}` : name}
        onClick={() => {
          onOpen(viewID);
        }}
      >
        {cover}
        <span className="cairn-album-entry__name" data-testid="album-name">
          {name}
        </span>
        <span className="cairn-album-entry__count" data-testid="album-count">
          {intl.formatNumber(count)}
        </span>
      </button>
    </li>
  );
}
