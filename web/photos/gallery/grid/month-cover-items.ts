// The items that cover the month overview's cells: each month's first item,
// fetched only for the cells on screen, all the covers asked for in one
// moment in one `viewItemsAt` call.
//
// [Note: A month's cover is an item at an index]
//
// The grid's item pages (`ItemWindowCache`) hold 256 neighbours of an item;
// a month's cover is one item some thousands of items away from the next
// month's, so a page per cover would clone ~7,000 items for one screen of
// ~30 months, and push the grid's own pages out of its cache. The covers a
// screen of cells asks for while it renders go to the worker together: one
// round trip of ~30 lookups, and a few kilobytes for the page.

import type { GalleryClient } from "../../../common/library/gallery-client";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import { RevisionedStore } from "../../../common/state/change-listeners";
import { RecencyMap } from "../../../common/state/recency-map";

/**
 * Covers kept: more than the ~400 months of a million items, so scrolling
 * back through the overview never fetches a cover twice, and bounded if a
 * view keeps changing under an open overview.
 */
export const maxCoverItems = 1000;

interface Cover {
  version: number;
  item: GalleryItem | undefined;
}

export class MonthCoverItems extends RevisionedStore {
  readonly #client: Pick<GalleryClient, "viewItemsAt">;
  readonly #viewID: number;
  /** View index → its item at a version. */
  readonly #covers = new RecencyMap<number, Cover>();
  /** View index → the version asked for. */
  readonly #requested = new Map<number, number>();
  /** View indexes asked for since the last call went out. */
  readonly #queued = new Set<number>();

  constructor(client: Pick<GalleryClient, "viewItemsAt">, viewID: number) {
    super();
    this.#client = client;
    this.#viewID = viewID;
  }

  /** The item at view index `index`, possibly of an older version while its refetch is on its way. */
  item(index: number): GalleryItem | undefined {
    return this.#covers.peek(index)?.item;
  }

  /** Fetches the item at `index` unless it is known at `version` (the snapshot's) or asked for. */
  ensure(index: number, version: number): void {
    const cover = this.#covers.peek(index);
    if (cover !== undefined && cover.version >= version) return;
    if ((this.#requested.get(index) ?? -1) >= version) return;
    this.#requested.set(index, version);
    this.#queued.add(index);
    if (this.#queued.size === 1) {
      queueMicrotask(() => {
        this.#fetchQueued();
      });
    }
  }

  /** Asks for every queued cover in one call. */
  #fetchQueued(): void {
    const asked = [...this.#queued].map((index) => ({
      index,
      version: this.#requested.get(index) ?? -1,
    }));
    this.#queued.clear();
    if (asked.length === 0) return;
    this.#client
      .viewItemsAt(
        this.#viewID,
        asked.map(({ index }) => index),
      )
      .then(
        (answer) => {
          if (answer.viewID !== this.#viewID) return;
          answer.indexes.forEach((index, k) => {
            const current = this.#covers.peek(index);
            if (current !== undefined && current.version > answer.version) return;
            this.#covers.set(index, { version: answer.version, item: answer.items[k] });
          });
          this.#covers.trimTo(maxCoverItems, (dropped) => {
            this.#requested.delete(dropped);
          });
          this.changed();
        },
        () => {
          // A failed cover is asked for again when its cell comes on screen again.
          for (const { index, version } of asked) {
            if (this.#requested.get(index) === version) this.#requested.delete(index);
          }
        },
      );
  }
}
