import { useCallback, useMemo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import {
  useDuplicatesClient,
  useGalleryClient,
  useLibraryView,
} from "../../common/library/library-state";
import { useDocumentTitle } from "../../common/shell/document-title";
import { summaryLabel } from "../gallery/albums/summary-labels";
import { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { DuplicatesView } from "./DuplicatesView";
import { LargeFilesView } from "./LargeFilesView";
import { SimilarPhotosView } from "./SimilarPhotosView";
import "./deduplicate.css";

/** The address's `?view=` of each list but the duplicates, the page's default. */
const listViews = { similar: "similar", large: "large" } as const;

type ListView = "duplicates" | keyof typeof listViews;

const listViewOf = (view: string | null): ListView =>
  view === listViews.similar ? "similar" : view === listViews.large ? "large" : "duplicates";

/**
 * `/deduplicate` (spec §2): freeing storage. "Duplicates" lists the
 * library's exact duplicates and removes their copies; "Similar photos"
 * lists photos that look alike, at a similarity the user sets, to pick
 * some for the trash; "Large files" lists the files of 10 MiB and up to
 * move to the trash. The choice is in the address, so a reload keeps it.
 */
export function DeduplicatePage() {
  useDocumentTitle("route.deduplicate");
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = listViewOf(searchParams.get("view"));
  const client = useDuplicatesClient();
  const gallery = useGalleryClient();
  const library = useLibraryView();
  const thumbnails = useMemo(
    () => (gallery === undefined ? undefined : new ThumbnailStore(gallery)),
    [gallery],
  );
  const albumNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const summary of library.summaries ?? []) {
      names.set(
        summary.id,
        summaryLabel(summary, (id) => intl.formatMessage({ id })),
      );
    }
    return names;
  }, [library.summaries, intl]);
  const albumName = useCallback((id: number) => albumNames.get(id), [albumNames]);

  const tab = (
    view: ListView,
    labelID: "dedupe.tab.duplicates" | "dedupe.tab.similar" | "dedupe.tab.largeFiles",
  ) => (
    <button
      type="button"
      role="tab"
      aria-selected={shown === view}
      className="cairn-dedupe__tab"
      data-testid={`dedupe-tab-${view}`}
      onClick={() => {
        setSearchParams(view === "duplicates" ? {} : { view: listViews[view] }, {
          replace: true,
        });
      }}
    >
      <FormattedMessage id={labelID} />
    </button>
  );

  return (
    <main className="cairn-dedupe" data-testid="dedupe-page">
      <header className="cairn-dedupe__header">
        <Link to="/gallery/settings" className="cairn-dedupe__back">
          <span aria-hidden="true">←</span> <FormattedMessage id="gallery.nav.settings" />
        </Link>
        <h1 className="cairn-dedupe__title">
          <FormattedMessage id="route.deduplicate" />
        </h1>
        <div className="cairn-dedupe__tabs" role="tablist">
          {tab("duplicates", "dedupe.tab.duplicates")}
          {tab("similar", "dedupe.tab.similar")}
          {tab("large", "dedupe.tab.largeFiles")}
        </div>
      </header>
      {shown === "large" && (
        <LargeFilesView
          client={client}
          gallery={gallery}
          thumbnails={thumbnails}
          albumName={albumName}
          libraryVersion={library.summary}
        />
      )}
      {shown === "similar" && (
        <SimilarPhotosView
          client={client}
          gallery={gallery}
          thumbnails={thumbnails}
          albumName={albumName}
          libraryVersion={library.summary}
        />
      )}
      {shown === "duplicates" && (
        <DuplicatesView
          client={client}
          thumbnails={thumbnails}
          albumName={albumName}
          libraryVersion={library.summary}
        />
      )}
    </main>
  );
}
