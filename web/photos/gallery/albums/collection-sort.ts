// The albums bar's sort order (spec §3), kept in local storage as
// `collectionSortBy` so that it survives a reload. See: [Note: Local storage keys]

import { atom, useAtom } from "jotai";
import type { CollectionSortBy } from "../../../../shared/model/library/gallery-summary";
import { localStore } from "../../../common/storage/local-store";

/** The order the bar starts with: recently changed albums first, as people expect after an upload. */
export const defaultCollectionSortBy: CollectionSortBy = "updation-time-desc";

/** What the person chose in this tab (undefined: read local storage). */
const chosenSortAtom = atom<CollectionSortBy | undefined>(undefined);

export const collectionSortByAtom = atom(
  (get): CollectionSortBy =>
    get(chosenSortAtom) ?? localStore.get("collectionSortBy") ?? defaultCollectionSortBy,
  (_get, set, next: CollectionSortBy) => {
    localStore.set("collectionSortBy", next);
    set(chosenSortAtom, next);
  },
);

export const useCollectionSortBy = (): [CollectionSortBy, (next: CollectionSortBy) => void] =>
  useAtom(collectionSortByAtom);
