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

export class MonthCoverItems {
  readonly #client: Pick<GalleryClient, "viewItemsAt">;
  readonly #viewID: number;
  /** View index → its item at a version; insertion order is recency. */
  readonly #covers = new Map<number, Cover>();
  /** View index → the version asked for. */
  readonly #requested = new Map<number, number>();
  /** View indexes asked for since the last call went out. */
  readonly #queued = new Set<number>();
  readonly #listeners = new Set<() => void>();
  #revision = 0;

  constructor(client: Pick<GalleryClient, "viewItemsAt">, viewID: number) {
    this.#client = client;
    this.#viewID = viewID;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getRevision = (): number => this.#revision;

  /** The item at view index `index`, possibly of an older version while its refetch is on its way. */
  item(index: number): GalleryItem | undefined {
    return this.#covers.get(index)?.item;
  }

  /** Fetches the item at `index` unless it is known at `version` (the snapshot's) or asked for. */
  ensure(index: number, version: number): void {
    const cover = this.#covers.get(index);
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
            const current = this.#covers.get(index);
            if (current !== undefined && current.version > answer.version) return;
            this.#covers.delete(index);
            this.#covers.set(index, { version: answer.version, item: answer.items[k] });
          });
          while (this.#covers.size > maxCoverItems) {
            const oldest = this.#covers.keys().next().value;
            if (oldest === undefined) break;
            this.#covers.delete(oldest);
            this.#requested.delete(oldest);
          }
          this.#revision += 1;
          for (const listener of [...this.#listeners]) listener();
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
