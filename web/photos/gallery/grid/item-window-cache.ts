// The items of the open view, held by pages fetched through `viewWindow` as
// the grid scrolls (never one call per tile). Pages carry the version they
// were answered at: when the snapshot's version grows, pages of an older
// version stay on screen (most tiles are unchanged by one edit) until their
// refetch answers, and pages out of sight are dropped.

import type { GalleryClient } from "../../../common/library/gallery-client";
import type { GalleryItem, GalleryWindow } from "../../../../workers/gallery/gallery-contract";
import { RevisionedStore } from "../../../common/state/change-listeners";
import { RecencyMap } from "../../../common/state/recency-map";

/**
 * Items per `viewWindow` call. A desktop screen shows ~50 tiles and the grid
 * renders about three screens, so 256 items usually cover what is rendered in
 * one or two calls, while one page (~50 KB cloned) stays cheap to refetch
 * after each change of the view.
 */
export const itemPageSize = 256;

/**
 * Pages kept. 64 pages are 16,384 items (a few MB): every page the user
 * scrolled through recently stays, and memory stays bounded at 1,000,000 items.
 */
export const maxCachedPages = 64;

interface Page {
  version: number;
  items: GalleryItem[];
}

export class ItemWindowCache extends RevisionedStore {
  readonly #client: Pick<GalleryClient, "viewWindow">;
  readonly #viewID: number;
  /** The newest snapshot version `ensure` was told of. */
  #version = -1;
  readonly #pages = new RecencyMap<number, Page>();
  /** Page number → the version it was requested for. */
  readonly #requested = new Map<number, number>();

  constructor(client: Pick<GalleryClient, "viewWindow">, viewID: number) {
    super();
    this.#client = client;
    this.#viewID = viewID;
  }

  /** The item at `index`, possibly from an older version while its refetch is on its way. */
  item(index: number): GalleryItem | undefined {
    if (index < 0) return undefined;
    const page = this.#pages.peek(Math.floor(index / itemPageSize));
    return page?.items[index % itemPageSize];
  }

  /**
   * Fetches the pages covering `[startIndex, endIndex)` that are missing or
   * older than `version` (the snapshot's), and drops stale pages outside it:
   * pages of an older version stay on screen until their refetch answers.
   */
  ensure(startIndex: number, endIndex: number, version: number): void {
    this.#version = Math.max(this.#version, version);
    const end = endIndex;
    if (end <= startIndex) return;
    const firstPage = Math.floor(Math.max(0, startIndex) / itemPageSize);
    const lastPage = Math.floor((end - 1) / itemPageSize);
    let dropped = false;
    for (const [number, page] of this.#pages.entries()) {
      if (page.version < this.#version && (number < firstPage || number > lastPage)) {
        this.#pages.delete(number);
        this.#requested.delete(number);
        dropped = true;
      }
    }
    for (let number = firstPage; number <= lastPage; number++) {
      const page = this.#pages.use(number);
      if (page !== undefined && page.version >= this.#version) continue;
      if ((this.#requested.get(number) ?? -1) >= this.#version) continue;
      this.#request(number);
    }
    if (dropped) this.changed();
  }

  #request(number: number) {
    const version = this.#version;
    this.#requested.set(number, version);
    this.#client.viewWindow(this.#viewID, number * itemPageSize, itemPageSize).then(
      (window) => {
        this.#receive(number, window);
      },
      () => {
        // A failed window is asked for again on the next scroll or change.
        if (this.#requested.get(number) === version) this.#requested.delete(number);
      },
    );
  }

  #receive(number: number, window: GalleryWindow) {
    if (window.viewID !== this.#viewID) return;
    const current = this.#pages.peek(number);
    if (current !== undefined && current.version > window.version) return;
    if (window.version < this.#version && this.#requested.get(number) === this.#version) {
      // An answer to an older request; the newer one is on its way.
      if (current !== undefined) return;
    }
    this.#pages.set(number, { version: window.version, items: window.items });
    this.#pages.trimTo(maxCachedPages, (dropped) => {
      this.#requested.delete(dropped);
    });
    this.changed();
  }
}
