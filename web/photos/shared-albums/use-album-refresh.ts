// An open public album is pulled again now and then while its page is
// shown, so a visitor sees what the owner and other visitors add without
// reloading (and learns at once when the link stops working).
//
// [Note: An open public album is pulled again now and then]
//
// A visitor has no account and so no push: the worker pulls `/info` and
// `/diff` again. Every `publicAlbumRefreshIntervalMs` while the tab is shown,
// and at once when it is shown again after being hidden; a hidden tab asks
// nothing (a link with a device limit counts devices on `/diff`, and an
// album left open in a background tab should not keep the server busy).

import { useEffect } from "react";

/** How often an open public album is pulled again while its page is shown. */
export const publicAlbumRefreshIntervalMs = 60_000;

export function useAlbumRefresh(refresh: (() => void) | undefined): void {
  useEffect(() => {
    if (refresh === undefined) return;
    const shown = () => document.visibilityState === "visible";
    const timer = setInterval(() => {
      if (shown()) refresh();
    }, publicAlbumRefreshIntervalMs);
    const onVisibilityChange = () => {
      if (shown()) refresh();
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [refresh]);
}
