// The open view's snapshot: asked of the worker when the view opens, then
// replaced by the newer ones the library notifications carry.

import { useEffect, useState } from "react";
import type { GalleryViewSnapshot } from "../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../common/library/gallery-client";
import { log } from "../../common/log/log";

/**
 * The snapshot of `viewID`, or undefined until the worker answered. A
 * pushed snapshot of the same view replaces the opened one when it is at
 * least as new.
 */
export function useOpenView(
  client: Pick<GalleryClient, "openView"> | undefined,
  viewID: number,
  pushed: GalleryViewSnapshot | undefined,
): GalleryViewSnapshot | undefined {
  const [opened, setOpened] = useState<GalleryViewSnapshot | undefined>();

  useEffect(() => {
    if (client === undefined) return;
    let current = true;
    client
      .openView(viewID)
      .then((snapshot) => {
        if (current) setOpened(snapshot);
      })
      .catch((e: unknown) => {
        log.error(`Could not open the view ${String(viewID)}`, e);
      });
    return () => {
      current = false;
    };
  }, [client, viewID]);

  const mine = (snapshot: GalleryViewSnapshot | undefined) =>
    snapshot !== undefined && snapshot.viewID === viewID ? snapshot : undefined;
  const fromOpen = mine(opened);
  const fromPush = mine(pushed);
  if (fromPush === undefined) return fromOpen;
  if (fromOpen === undefined) return fromPush;
  return fromPush.version >= fromOpen.version ? fromPush : fromOpen;
}
