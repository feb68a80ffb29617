// The React side of the thumbnail store: a component reads one file's
// thumbnail and asks for it while it is mounted.

import { useCallback, useSyncExternalStore } from "react";
import type { ShownThumbnail, ThumbnailStore } from "./thumbnail-store";

/**
 * `fileID`'s thumbnail from `store`, asking for it while the component is
 * mounted; undefined until it arrives (and for no file).
 */
export function useThumbnail(
  store: ThumbnailStore,
  fileID: number | undefined,
): ShownThumbnail | undefined {
  const subscribe = useCallback(
    (listener: () => void) =>
      fileID === undefined ? () => undefined : store.subscribe(fileID, listener),
    [store, fileID],
  );
  const snapshot = () => (fileID === undefined ? undefined : store.shown(fileID));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The URL of `fileID`'s thumbnail from `store`; see `useThumbnail`. */
export function useThumbnailURL(
  store: ThumbnailStore,
  fileID: number | undefined,
): string | undefined {
  return useThumbnail(store, fileID)?.url;
}
