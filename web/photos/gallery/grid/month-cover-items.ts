// The items that cover the month overview's cells: each month's first item,
// fetched through `viewWindow` one item at a time, only for the cells on
// screen.
//
// [Note: A month's cover is a window of one item]
//
// The grid's item pages (`ItemWindowCache`) hold 256 neighbours of an item;
// a month's cover is one item some thousands of items away from the next
// month's, so a page per cover would clone ~7,000 items for one screen of
// ~30 months, and push the grid's own pages out of its cache. A window of one
// item per cell on screen costs the worker a lookup, and the page a few
// hundred bytes.

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
  readonly #client: Pick<GalleryClient, "viewWindow">;
  readonly #viewID: number;
  /** View index → its item at a version; insertion order is recency. */
  readonly #covers = new Map<number, Cover>();
  /** View index → the version asked for. */
  readonly #requested = new Map<number, number>();
  readonly #listeners = new Set<() => void>();
  #revision = 0;

  constructor(client: Pick<GalleryClient, "viewWindow">, viewID: number) {
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
    this.#client.viewWindow(this.#viewID, index, 1).then(
      (window) => {
        if (window.viewID !== this.#viewID) return;
        const current = this.#covers.get(index);
        if (current !== undefined && current.version > window.version) return;
        this.#covers.delete(index);
        this.#covers.set(index, { version: window.version, item: window.items[0] });
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
        if (this.#requested.get(index) === version) this.#requested.delete(index);
      },
    );
  }
}
