// The entries of the albums bar, in order (pure). The bar shows one of two
// sections: the albums (all, uncategorized, favorites, pinned, albums,
// archive, trash; spec §3 section order, then the chosen sort) ending with
// an entry that opens the hidden section, or the hidden section (hidden
// items, hidden albums) starting with a way back.

import { sortSummaries } from "../../../../shared/model/library/summary-order";
import {
  PseudoCollectionID,
  type CollectionSortBy,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";

export type BarSection = "albums" | "hidden";

export type BarEntry =
  | { kind: "summary"; summary: GallerySummary }
  /**
   * Opens the hidden section (its hidden items view); `count`: distinct
   * hidden files. It has no cover: a hidden file must not show outside the
   * hidden section.
   */
  | { kind: "hidden-section"; count: number }
  /** Leaves the hidden section for "all". */
  | { kind: "leave-hidden" };

/** The section a view belongs to: hidden items and hidden albums are the hidden section. */
export const sectionOfView = (viewID: number, summaries: readonly GallerySummary[]): BarSection =>
  viewID === PseudoCollectionID.hiddenItems ||
  summaries.some((summary) => summary.id === viewID && summary.isHidden)
    ? "hidden"
    : "albums";

// Pseudo-collections that only mean something with files in them: an empty
// archive, and the placeholder that stands for a missing uncategorized
// collection. "All", favorites and the trash always show (where files go).
const hiddenWhenEmpty = new Set<number>([
  PseudoCollectionID.archive,
  PseudoCollectionID.uncategorized,
]);

export interface BarEntriesInput {
  summaries: readonly GallerySummary[];
  section: BarSection;
  sortBy: CollectionSortBy;
  /** The open view: shown even when it would otherwise be left out. */
  openViewID: number;
  /** Distinct files in hidden collections, when known (else the hidden summaries' counts add up). */
  hiddenFileCount?: number | undefined;
}

export const barEntries = ({
  summaries,
  section,
  sortBy,
  openViewID,
  hiddenFileCount,
}: BarEntriesInput): BarEntry[] => {
  const inSection = summaries.filter((summary) => summary.isHidden === (section === "hidden"));
  const shown = inSection.filter(
    (summary) =>
      summary.id === openViewID || summary.fileCount > 0 || !hiddenWhenEmpty.has(summary.id),
  );
  const entries: BarEntry[] = sortSummaries(shown, sortBy).map((summary) => ({
    kind: "summary",
    summary,
  }));
  if (section === "hidden") return [{ kind: "leave-hidden" }, ...entries];

  const hidden = summaries.filter((summary) => summary.isHidden);
  const count = hiddenFileCount ?? hidden.reduce((total, summary) => total + summary.fileCount, 0);
  if (count > 0 || hidden.some((summary) => summary.id > 0)) {
    entries.push({ kind: "hidden-section", count });
  }
  return entries;
};

/** Albums whose name holds `query` (case-insensitive), for the all-albums view. */
export const searchAlbums = (
  summaries: readonly GallerySummary[],
  query: string,
  label: (summary: GallerySummary) => string,
): GallerySummary[] => {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return [...summaries];
  return summaries.filter((summary) => label(summary).toLocaleLowerCase().includes(needle));
};
