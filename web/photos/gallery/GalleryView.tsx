// The library part of `/gallery`: the albums bar on top, the open view's
// header, the selection bar, the grid of the open view with its month
// overview (or its empty state), upload and download progress, and the
// viewer opened from the grid. Files dropped anywhere on the page are
// uploaded (`useGalleryUpload`). The open view is kept in the URL. Everything it shows comes from the sync worker
// through a `GalleryClient` and the library notifications (summaries, the
// open view's snapshot, sync status), handed in as props.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { type GalleryViewSnapshot } from "../../../workers/gallery/gallery-contract";
import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../shared/model/library/gallery-summary";
import { trashRetentionDays } from "../../../shared/model/library/trash-retention";
import type { SyncStatus } from "../../../workers/sync/sync-service";
import type { GalleryClient } from "../../common/library/gallery-client";
import { useGalleryUpload } from "../upload/use-gallery-upload";
import { GalleryClientContext } from "./actions/gallery-client-context";
import { SelectionBar } from "./actions/SelectionBar";
import { AlbumsBar } from "./albums/AlbumsBar";
import { summaryLabel } from "./albums/summary-labels";
import { DownloadProgress } from "./downloads/DownloadProgress";
import { EmptyView } from "./EmptyView";
import { searchWithQuery, searchWithView, viewIDFromSearch } from "./gallery-url";
import {
  decodeSearchQuery,
  encodeSearchQuery,
  searchParam,
} from "../../../shared/model/search/search-query";
import type { SearchClient } from "../../common/library/search-client";
import { SearchBar } from "./search/SearchBar";
import { useSearchLabel } from "./search/use-search-label";
import { useSearchView } from "./search/use-search-view";
import { GalleryGrid } from "./grid/GalleryGrid";
import { GallerySkeleton } from "./grid/GallerySkeleton";
import { MonthOverviewHost } from "./grid/MonthOverviewHost";
import { clear, type GallerySelection } from "./selection/gallery-selection";
import { ThumbnailStore } from "./thumbnails/thumbnail-store";
import { useOpenView } from "./use-open-view";
import { GalleryViewer } from "./viewer/GalleryViewer";
import { useViewerAddress } from "./viewer/use-viewer-address";
import { viewKindOf } from "./view-kind";
import { sectionOfView } from "./albums/bar-entries";
import { hiddenLock, useHiddenOpen } from "./hidden/hidden-lock";
import { HiddenLockScreen } from "./hidden/HiddenLockScreen";
import { ViewHeader } from "./ViewHeader";
import { PersonHeader } from "../people/PersonHeader";
import "./gallery-page.css";

export interface GalleryViewProps {
  /** Undefined until the sync worker has started. */
  client: GalleryClient | undefined;
  /** The search's calls; undefined until the sync worker has started (or where there is no search). */
  searchClient?: SearchClient | undefined;
  /** The page's thumbnail store, shared with its other pages (else the view makes its own). */
  thumbnails?: ThumbnailStore | undefined;
  /** The albums bar's summaries, once the worker reported them. */
  summaries: readonly GallerySummary[] | undefined;
  /** The open view's snapshot as the last notification carried it. */
  pushedSnapshot: GalleryViewSnapshot | undefined;
  status: SyncStatus | undefined;
  /** Distinct files in collections that are not hidden (what "all" holds before its snapshot). */
  libraryFileCount?: number | undefined;
  /** Distinct files in hidden collections (the albums bar's 'Hidden' entry). */
  hiddenFileCount?: number | undefined;
}

const noSummaries: readonly GallerySummary[] = [];

export function GalleryView({
  client,
  searchClient,
  thumbnails: pageThumbnails,
  summaries = noSummaries,
  pushedSnapshot,
  status,
  libraryFileCount,
  hiddenFileCount,
}: GalleryViewProps) {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchQuery = decodeSearchQuery(searchParams.get(searchParam));
  const searching = searchQuery !== undefined;
  const viewID = searching ? PseudoCollectionID.searchResults : viewIDFromSearch(searchParams);
  const summary = summaries.find((candidate) => candidate.id === viewID);
  const kind = viewKindOf(viewID, summary);
  const openedSnapshot = useOpenView(searching ? undefined : client, viewID, pushedSnapshot);
  const searchSnapshot = useSearchView(searchClient, searchQuery, pushedSnapshot);
  const searchLabel = useSearchLabel(searchClient, searchQuery);
  const snapshot = searching ? searchSnapshot : openedSnapshot;
  const [selection, setSelection] = useState<GallerySelection>(clear);
  const [viewerIndex, setViewerIndex] = useState<number | undefined>();
  const [scrollToIndex, setScrollToIndex] = useState<number | undefined>();
  const upload = useGalleryUpload({ openSummary: summary, summaries });
  /** Opens the grid's month overview, once the grid is there (see `MonthOverviewHost`). */
  const overviewOpenerRef = useRef<(() => void) | null>(null);

  const ownThumbnails = useMemo(
    () =>
      client === undefined || pageThumbnails !== undefined ? undefined : new ThumbnailStore(client),
    [client, pageThumbnails],
  );
  useEffect(
    () => () => {
      ownThumbnails?.dispose();
    },
    [ownThumbnails],
  );
  const thumbnails = pageThumbnails ?? ownThumbnails;

  const personID = searchQuery?.kind === "person" ? searchQuery.personID : undefined;

  const openView = useCallback(
    (next: number) => {
      setSearchParams((params) => searchWithView(params, next));
    },
    [setSearchParams],
  );

  // A new view starts with nothing selected and no viewer (reset while
  // rendering, so the new view never shows the old one's selection).
  // Each search is a view of its own: a new one starts at the top, with nothing selected.
  const viewKey = searching ? `search ${encodeSearchQuery(searchQuery)}` : String(viewID);
  const [shownViewKey, setShownViewKey] = useState(viewKey);
  if (shownViewKey !== viewKey) {
    setShownViewKey(viewKey);
    setSelection(clear());
    setViewerIndex(undefined);
    setScrollToIndex(undefined);
  }

  // A view that no longer exists (an album deleted, here or on another
  // device; a stale link) falls back to "all" once no pull is on its way:
  // an album the stored library does not have yet (one just joined through
  // a link, or shared since the last visit) comes with the pull.
  const pullOnItsWay =
    status === undefined || status.state === "opening" || status.state === "syncing";
  const settled = summaries.length > 0 && !pullOnItsWay;
  const exists = summary !== undefined || viewID === PseudoCollectionID.all || searching;
  useEffect(() => {
    if (settled && !exists) {
      setSearchParams((params) => searchWithView(params, PseudoCollectionID.all), {
        replace: true,
      });
    }
  }, [settled, exists, setSearchParams]);

  const title = searching
    ? (searchLabel ?? "")
    : summary === undefined
      ? intl.formatMessage({ id: "gallery.albums.all" })
      : summaryLabel(summary, (id) => intl.formatMessage({ id }));
  // [Note: The gallery never says "empty" before it knows]
  //
  // Until the view's snapshot comes, the summaries' count stands in: the
  // first screen's (from the local database) or the stored library's. Before
  // the worker has told either, the count is unknown, and an unknown count
  // shows the skeleton rather than the empty state: a reload of a full library
  // must not say "Your gallery is empty" for the half second the worker
  // takes to open. A new account's worker tells a count of 0 at once.
  const count =
    snapshot?.totalCount ??
    summary?.fileCount ??
    (viewID === PseudoCollectionID.all ? libraryFileCount : undefined);
  const selectedIDs = [...selection.fileIDs];

  // The grid comes back to the file the viewer was showing.
  const closeViewerHere = () => {
    setScrollToIndex(viewerIndex);
    setViewerIndex(undefined);
  };
  const viewerAddress = useViewerAddress({
    client,
    viewID,
    viewVersion: snapshot?.version,
    settled,
    viewerIndex,
    openAt: setViewerIndex,
    close: closeViewerHere,
  });

  // See: [Note: Hidden is locked]
  const hiddenOpen = useHiddenOpen();
  const inHiddenSection = sectionOfView(viewID, summaries) === "hidden";
  useEffect(() => {
    hiddenLock.inSection(inHiddenSection);
  }, [inHiddenSection]);
  useEffect(
    () => () => {
      hiddenLock.inSection(false);
    },
    [],
  );
  if (!hiddenOpen && inHiddenSection) {
    return (
      <div className="cairn-gallery-view">
        <ViewHeader
          title={intl.formatMessage({ id: "gallery.albums.hidden" })}
          count={undefined}
          kind="hidden"
          summary={undefined}
          status={status}
          client={client}
          uploading={upload.progress}
          onAlbumDeleted={() => undefined}
        />
        <HiddenLockScreen
          onLeave={() => {
            openView(PseudoCollectionID.all);
          }}
        />
      </div>
    );
  }
  // An album the summaries do not know yet may be a hidden one: its files
  // and count wait for them.
  const mayBeHidden = !hiddenOpen && viewID > 0 && summary === undefined;
  const shown = mayBeHidden ? undefined : snapshot;
  const shownCount = mayBeHidden ? undefined : count;
  const overviewOffered =
    client !== undefined && thumbnails !== undefined && (shown?.totalCount ?? 0) > 0;

  return (
    <GalleryClientContext value={client}>
      <div className="cairn-gallery-view">
        {searchClient !== undefined && (
          <SearchBar
            client={searchClient}
            openQuery={searchQuery}
            openLabel={searchLabel ?? ""}
            onChoose={(query) => {
              setSearchParams((params) => searchWithQuery(params, query));
            }}
            onOpenAlbum={openView}
            onClear={() => {
              setSearchParams((params) => searchWithQuery(params, undefined));
            }}
          />
        )}
        {thumbnails !== undefined && (
          <AlbumsBar
            summaries={summaries}
            openViewID={viewID}
            onOpen={openView}
            thumbnails={thumbnails}
            hiddenFileCount={hiddenFileCount}
          />
        )}
        <ViewHeader
          title={title}
          heading={
            personID !== undefined ? (
              <PersonHeader personID={personID} libraryVersion={shown?.version} />
            ) : undefined
          }
          count={shownCount}
          kind={kind}
          summary={summary}
          status={status}
          client={client}
          uploading={upload.progress}
          onUpload={upload.start}
          onUploadIntoAlbum={upload.startIntoAlbum}
          onAlbumDeleted={() => {
            openView(PseudoCollectionID.all);
          }}
          onOpenOverview={
            overviewOffered
              ? () => {
                  overviewOpenerRef.current?.();
                }
              : undefined
          }
        />
        {kind === "trash" && (shownCount ?? 0) > 0 && (
          <p className="cairn-view-hint" data-testid="trash-retention">
            <FormattedMessage id="gallery.trash.retention" values={{ days: trashRetentionDays }} />
          </p>
        )}
        {client !== undefined && selectedIDs.length > 0 && (
          <SelectionBar
            client={client}
            viewID={viewID}
            kind={kind}
            summary={summary}
            summaries={summaries}
            fileIDs={selectedIDs}
            zipName={title}
            onClear={() => {
              setSelection(clear());
            }}
          />
        )}
        {client !== undefined && thumbnails !== undefined && shown !== undefined ? (
          <MonthOverviewHost
            key={viewKey}
            client={client}
            snapshot={shown}
            thumbnails={thumbnails}
            openerRef={overviewOpenerRef}
          >
            {(overview) => (
              <GalleryGrid
                client={client}
                snapshot={shown}
                thumbnails={thumbnails}
                selection={selection}
                onSelectionChange={setSelection}
                onOpenItem={(index: number) => {
                  setViewerIndex(index);
                }}
                scrollToIndex={scrollToIndex}
                emptyState={<EmptyView kind={kind} onUpload={upload.start} />}
                travel={overview.travel}
                onZoomOutPastSmallest={overview.onZoomOutPastSmallest}
              />
            )}
          </MonthOverviewHost>
        ) : shownCount === 0 ? (
          <EmptyView kind={kind} onUpload={upload.start} />
        ) : (
          <GallerySkeleton />
        )}
        <div className="cairn-gallery-corner">
          {upload.panel}
          <DownloadProgress />
        </div>
        {upload.dropOverlay}
        {upload.targetDialog}
        {client !== undefined &&
          thumbnails !== undefined &&
          shown !== undefined &&
          viewerIndex !== undefined && (
            <GalleryViewer
              client={client}
              snapshot={shown}
              thumbnails={thumbnails}
              index={viewerIndex}
              onIndexChange={setViewerIndex}
              onClose={viewerAddress.closeViewer}
              onFileShown={viewerAddress.showFile}
              viewID={viewID}
              summaries={summaries}
            />
          )}
      </div>
    </GalleryClientContext>
  );
}
