// A view's files in display order (pure): which collections feed a view ID
// (spec §3 pseudo-collections and the "all" rules), the filter each applies,
// one radix sort of them together, files in several collections kept once,
// and the local days. See: [Note: What each view shows]

import type { ViewChoices } from "../../../shared/model/library/view-choices";
import type { DecryptedFile } from "../../library/decrypted-records";
import { type GalleryDay, type LibraryReader } from "../gallery-contract";
import { PseudoCollectionID } from "../../../shared/model/library/gallery-summary";
import { type DayOf, groupByDay, localDayOf } from "./days";
import type { FileEntries, FileEntriesCache } from "./file-entries";
import { type LibraryFacts, isOwnedBy } from "./library-facts";
import { orderByTimeDesc } from "./time-order";

// [Note: What each view shows]
//
// - All (0): files of every collection that is neither hidden nor archived,
//   except archived files, each once; only the user's own files unless they
//   chose to see what others share with them there.
//   See: [Note: Shared files stay out of the timeline unless chosen]
// - Archive (-1): archived files of those non-hidden collections, and every
//   file of an archived collection.
// - Trash (-2): the trash entries.
// - Uncategorized (-3): the placeholder shown when the user has no
//   uncategorized collection; it stands for that collection if one arrives.
// - Hidden items (-4): the files of the user's DEFAULT_HIDDEN album(s).
// - Search results (-5): the files of the searchable view that the open
//   search finds, in its order. The searchable view is every file of the
//   collections outside the hidden section, archived ones included (a
//   search is how a person finds what they put away) and albums others
//   share with the user whatever the timeline's choice, each once.
// - A collection ID: that collection's files, archived ones included,
//   oldest first when its public magic metadata says `asc`.
// All and archive also leave out any file that is in a hidden collection as
// well: a file someone hid must not show outside the hidden section because
// another album still holds it.
// A file in several collections is shown once, for the first collection
// holding it: the user's own collections come first.
// See: [Note: A file in several collections is shown once]

/** Which files of a source collection a view takes. */
export type SourceFilter = "every" | "not-archived" | "archived-only";

export interface ViewSource {
  collectionID: number;
  entries: FileEntries;
  filter: SourceFilter;
}

// [Note: Shared files stay out of the timeline unless chosen]
//
// The timeline (All) is the user's own library: photos in albums others
// share with them, and photos collaborators added to the user's albums, stay
// in those albums unless the user turns on the setting that mixes them in
// (off by default, as the reference's phone apps have it). A file counts as
// shared by its owner, not by the album it is in. The choice is the device's
// (kept beside the theme); the sync worker is told it when the library opens
// and whenever it changes, and the first screen is recorded for it.

/** What views show without a choice made: the product's default is applied by the sync worker. */
export const everythingInTimeline: ViewChoices = { sharedInTimeline: true };

export interface ViewPlan {
  viewID: number;
  sources: ViewSource[];
  /** Only files of this owner (All, when shared files stay out of it). */
  ownerID?: number | undefined;
  /** Oldest first. */
  ascending: boolean;
  /** File IDs left out whatever their source. */
  excluded?: ReadonlySet<number> | undefined;
  /** The view shows trash entries (items carry their deletion time). */
  isTrash: boolean;
}

/** A built view: parallel arrays in display order. */
export interface BuiltView {
  viewID: number;
  version: number;
  count: number;
  files: DecryptedFile[];
  /** The collection each item stands for. */
  collectionIDs: Float64Array;
  timesUs: Float64Array;
  ids: Float64Array;
  /** Trash only. */
  deleteByUs?: Float64Array | undefined;
  /** Width over height of each item, 0 where unknown. See: [Note: A view knows the shape of its photos] */
  aspectRatios: Float32Array;
  days: GalleryDay[];
}

/** The files in hidden collections (usually few): all and archive leave them out. */
const hiddenFileIDs = (
  reader: LibraryReader,
  facts: LibraryFacts,
  cache: FileEntriesCache,
): Set<number> => {
  const ids = new Set<number>();
  for (const collectionID of facts.hiddenIDs) {
    const entries = cache.of(reader, collectionID);
    for (let index = 0; index < entries.count; index++) ids.add(entries.ids[index] ?? 0);
  }
  return ids;
};

/** Collections in the order "all" prefers them: the user's own first, then by ID. */
const visibleCollections = (reader: LibraryReader, facts: LibraryFacts) =>
  [...reader.collections()]
    .filter(({ id }) => !facts.hiddenIDs.has(id))
    .sort(
      (a, b) =>
        Number(!isOwnedBy(a, facts.userID)) - Number(!isOwnedBy(b, facts.userID)) || a.id - b.id,
    );

/** Which sources a view ID takes. See: [Note: What each view shows] */
export const planView = (
  viewID: number,
  reader: LibraryReader,
  facts: LibraryFacts,
  cache: FileEntriesCache,
  choices: ViewChoices = everythingInTimeline,
): ViewPlan => {
  const plan = (sources: ViewSource[], extra: Partial<ViewPlan> = {}): ViewPlan => ({
    viewID,
    sources,
    ascending: false,
    isTrash: false,
    ...extra,
  });
  const source = (collectionID: number, filter: SourceFilter): ViewSource => ({
    collectionID,
    entries: cache.of(reader, collectionID),
    filter,
  });
  switch (viewID) {
    case PseudoCollectionID.all:
      return plan(
        visibleCollections(reader, facts)
          .filter(({ id }) => !facts.archivedIDs.has(id))
          .map(({ id }) => source(id, "not-archived")),
        {
          excluded: hiddenFileIDs(reader, facts, cache),
          ownerID: choices.sharedInTimeline ? undefined : facts.userID,
        },
      );
    case PseudoCollectionID.archive:
      return plan(
        visibleCollections(reader, facts).map(({ id }) =>
          source(id, facts.archivedIDs.has(id) ? "every" : "archived-only"),
        ),
        { excluded: hiddenFileIDs(reader, facts, cache) },
      );
    case PseudoCollectionID.trash:
      return plan([{ collectionID: 0, entries: cache.trash(reader), filter: "every" }], {
        isTrash: true,
      });
    case PseudoCollectionID.uncategorized:
      return plan(
        facts.uncategorizedID === undefined ? [] : [source(facts.uncategorizedID, "every")],
      );
    case PseudoCollectionID.hiddenItems:
      return plan(
        [...facts.defaultHiddenIDs].sort((a, b) => a - b).map((id) => source(id, "every")),
      );
  }
  const collection = reader.collection(viewID);
  if (collection === undefined) return plan([]);
  return plan([source(viewID, "every")], {
    ascending: collection.pubMagicMetadata?.data.asc === true,
  });
};

/** What the search searches: every collection outside the hidden section, archive included. See: [Note: What each view shows] */
export const planSearchable = (
  reader: LibraryReader,
  facts: LibraryFacts,
  cache: FileEntriesCache,
): ViewPlan => ({
  viewID: PseudoCollectionID.searchResults,
  sources: visibleCollections(reader, facts).map(({ id }) => ({
    collectionID: id,
    entries: cache.of(reader, id),
    filter: "every",
  })),
  excluded: hiddenFileIDs(reader, facts, cache),
  ascending: false,
  isTrash: false,
});

/** The items of `base` that `keep` keeps, in its order, as a view of their own (the search results). */
export const selectFromView = (
  base: BuiltView,
  keep: (index: number) => boolean,
  viewID: number,
  version: number,
  dayOf: DayOf = localDayOf,
): BuiltView => {
  const kept: number[] = [];
  for (let index = 0; index < base.count; index++) if (keep(index)) kept.push(index);
  const count = kept.length;
  const files: DecryptedFile[] = [];
  const collectionIDs = new Float64Array(count);
  const timesUs = new Float64Array(count);
  const ids = new Float64Array(count);
  const aspectRatios = new Float32Array(count);
  kept.forEach((from, to) => {
    const file = base.files[from];
    if (file !== undefined) files.push(file);
    collectionIDs[to] = base.collectionIDs[from] ?? 0;
    timesUs[to] = base.timesUs[from] ?? 0;
    ids[to] = base.ids[from] ?? 0;
    aspectRatios[to] = base.aspectRatios[from] ?? 0;
  });
  return {
    viewID,
    version,
    count,
    files,
    collectionIDs,
    timesUs,
    ids,
    aspectRatios,
    days: groupByDay(timesUs, count, dayOf),
  };
};

/** Sorts and groups a plan's files. `version` is the number windows of this build answer with. */
export const buildView = (
  plan: ViewPlan,
  version: number,
  dayOf: DayOf = localDayOf,
): BuiltView => {
  const { sources, ownerID } = plan;
  const excluded =
    plan.excluded !== undefined && plan.excluded.size > 0 ? plan.excluded : undefined;
  let total = 0;
  for (const { entries } of sources) total += entries.count;
  const timesUs = new Float64Array(total);
  const ids = new Float64Array(total);
  const sourceOf = new Uint32Array(total);
  const positionOf = new Uint32Array(total);
  let taken = 0;
  sources.forEach(({ entries, filter }, sourceIndex) => {
    for (let position = 0; position < entries.count; position++) {
      if (filter !== "every" && (filter === "archived-only") !== (entries.archived[position] === 1))
        continue;
      const id = entries.ids[position] ?? 0;
      if (excluded?.has(id) === true) continue;
      if (ownerID !== undefined && entries.files[position]?.ownerID !== ownerID) continue;
      timesUs[taken] = entries.timesUs[position] ?? 0;
      ids[taken] = id;
      sourceOf[taken] = sourceIndex;
      positionOf[taken] = position;
      taken += 1;
    }
  });

  const order = orderByTimeDesc(timesUs, ids, taken);
  // Grown by `push`: V8 keeps a preallocated array of more than ~100k slots as a slow dictionary.
  const files: DecryptedFile[] = [];
  const collectionIDs = new Float64Array(taken);
  const viewTimesUs = new Float64Array(taken);
  const viewIDs = new Float64Array(taken);
  const deleteByUs = plan.isTrash ? new Float64Array(taken) : undefined;
  const aspectRatios = new Float32Array(taken);
  let count = 0;
  let previous = -1;
  for (let step = 0; step < taken; step++) {
    const entry = order[plan.ascending ? taken - 1 - step : step] ?? 0;
    // [Note: A file in several collections is shown once]
    //
    // The records of one file in several collections carry the same
    // metadata (the server keeps one per file, and pending changes apply per
    // file), so its entries sort next to each other: the first taken stands
    // for it, and sources come in preference order with a stable sort.
    const nextPrevious = previous;
    previous = entry;
    if (
      nextPrevious !== -1 &&
      ids[nextPrevious] === ids[entry] &&
      timesUs[nextPrevious] === timesUs[entry]
    )
      continue;
    const source = sources[sourceOf[entry] ?? 0];
    const position = positionOf[entry] ?? 0;
    const file = source?.entries.files[position];
    if (source === undefined || file === undefined) continue;
    files.push(file);
    collectionIDs[count] = plan.isTrash ? file.collectionID : source.collectionID;
    viewTimesUs[count] = timesUs[entry] ?? 0;
    viewIDs[count] = ids[entry] ?? 0;
    if (deleteByUs !== undefined) deleteByUs[count] = source.entries.deleteByUs?.[position] ?? 0;
    aspectRatios[count] = source.entries.aspectRatios[position] ?? 0;
    count += 1;
  }
  return {
    viewID: plan.viewID,
    version,
    count,
    files,
    collectionIDs: collectionIDs.subarray(0, count),
    timesUs: viewTimesUs.subarray(0, count),
    ids: viewIDs.subarray(0, count),
    deleteByUs: deleteByUs?.subarray(0, count),
    // A copy, not a view: a snapshot sends its buffer whole to the page.
    aspectRatios: count === taken ? aspectRatios : aspectRatios.slice(0, count),
    days: groupByDay(viewTimesUs, count, dayOf),
  };
};
