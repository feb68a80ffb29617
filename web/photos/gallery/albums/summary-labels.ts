// What the bar calls a summary: the pseudo-collections and the special
// collections have localized names (the worker's names are English
// defaults); albums keep the name their owner gave them. Spec §3: the
// hidden items are labelled 'Hidden'.

import type {
  CollectionSummaryType,
  GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import type { MessageId } from "../../../common/i18n/messages";

const labelIDs: Partial<Record<CollectionSummaryType, MessageId>> = {
  all: "gallery.albums.all",
  archive: "gallery.albums.archive",
  trash: "gallery.albums.trash",
  uncategorized: "gallery.albums.uncategorized",
  favorites: "gallery.albums.favorites",
  hiddenItems: "gallery.albums.hidden",
};

/** The message naming `summary`, or undefined when its own name is shown. */
export const summaryLabelID = (summary: Pick<GallerySummary, "type">): MessageId | undefined =>
  labelIDs[summary.type];

/** The shown name of `summary`, given a formatter of messages. */
export const summaryLabel = (
  summary: Pick<GallerySummary, "type" | "name">,
  format: (id: MessageId) => string,
): string => {
  const id = summaryLabelID(summary);
  return id === undefined ? summary.name : format(id);
};
