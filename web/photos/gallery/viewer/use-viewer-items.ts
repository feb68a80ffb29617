// The items around the viewer's position: the shown file and its neighbours,
// read from the open view. When the view changes (a sync, an action), the
// shown file keeps its place: its new index is looked up before anything
// else is shown, so the viewer never jumps to another file by accident.

import { useEffect, useRef, useState } from "react";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";

export interface ViewerItems {
  previous?: GalleryItem | undefined;
  current?: GalleryItem | undefined;
  next?: GalleryItem | undefined;
}

interface Loaded {
  viewID: number;
  version: number;
  index: number;
  items: ViewerItems;
}

/** The shown file and its neighbours; `onIndexChange` moves to where the shown file went. */
export function useViewerItems(
  client: Pick<GalleryClient, "viewWindow" | "indexOfFile">,
  viewID: number,
  version: number,
  index: number,
  onIndexChange: (index: number) => void,
): ViewerItems {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const loadedRef = useRef(loaded);
  const onIndexChangeRef = useRef(onIndexChange);
  useEffect(() => {
    loadedRef.current = loaded;
    onIndexChangeRef.current = onIndexChange;
  });

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const shown = loadedRef.current;
      const shownID = shown?.items.current?.id;
      if (
        shown !== undefined &&
        shownID !== undefined &&
        shown.viewID === viewID &&
        shown.version !== version &&
        shown.index === index
      ) {
        const found = await client.indexOfFile(viewID, shownID);
        if (cancelled) return;
        if (found >= 0 && found !== index) {
          onIndexChangeRef.current(found);
          return;
        }
      }
      const startIndex = Math.max(0, index - 1);
      const window = await client.viewWindow(viewID, startIndex, index - startIndex + 2);
      if (cancelled) return;
      const at = (i: number) => (i < 0 ? undefined : window.items[i - window.startIndex]);
      setLoaded({
        viewID,
        version,
        index,
        items: { previous: at(index - 1), current: at(index), next: at(index + 1) },
      });
    };
    load().catch((e: unknown) => {
      log.error("Could not read the viewer's items", e);
    });
    return () => {
      cancelled = true;
    };
  }, [client, viewID, version, index]);

  if (loaded === undefined || loaded.viewID !== viewID) return {};
  if (loaded.index === index) return loaded.items;
  // A step to a neighbour shows it at once, from what is already known.
  if (loaded.index === index - 1)
    return { previous: loaded.items.current, current: loaded.items.next };
  if (loaded.index === index + 1)
    return { current: loaded.items.previous, next: loaded.items.current };
  return {};
}
