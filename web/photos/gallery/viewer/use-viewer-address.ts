// [Note: The viewer's photo has an address]
//
// The photo in the viewer is named in the address (`?file=<fileID>` beside
// the view), so it can be linked, bookmarked and reopened after a reload.
// Opening the viewer pushes one history entry; moving to the next photo
// replaces it (a hundred photos are not a hundred back presses); closing
// goes back to the grid's entry, and the back button closes the viewer. An
// address with a file opens the viewer on it once the view knows where the
// file is (asked again as the view changes, since a reload may show the view
// before its sync); a file the view does not hold once the sync has settled
// (deleted, another view) is taken out of the address and the grid stays.

import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";
import { fileIDFromSearch, searchWithFile } from "../gallery-url";

export interface ViewerAddressInput {
  client: Pick<GalleryClient, "indexOfFile"> | undefined;
  viewID: number;
  /** The open view's snapshot version, once it has come (an index can be asked of it). */
  viewVersion: number | undefined;
  /** No pull is on its way: a file the view does not hold now will not come. */
  settled: boolean;
  /** The viewer's index, undefined while it is closed. */
  viewerIndex: number | undefined;
  /** Opens the viewer at `index`. */
  openAt: (index: number) => void;
  /** Closes the viewer (the page's own bookkeeping). */
  close: () => void;
}

export interface ViewerAddress {
  /** The viewer shows `fileID`: the address follows. */
  showFile: (fileID: number) => void;
  /** The person closed the viewer: it closes and the address goes back to the grid. */
  closeViewer: () => void;
}

export function useViewerAddress({
  client,
  viewID,
  viewVersion,
  settled,
  viewerIndex,
  openAt,
  close,
}: ViewerAddressInput): ViewerAddress {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const addressFileID = fileIDFromSearch(searchParams);
  // The latest address and router calls, for callbacks that stay the same
  // function: the viewer tells each file it shows from an effect, and a new
  // callback after the back button would tell it again (and reopen it).
  const searchRef = useRef(searchParams);
  const setSearchRef = useRef(setSearchParams);
  const navigateRef = useRef(navigate);
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    searchRef.current = searchParams;
    setSearchRef.current = setSearchParams;
    navigateRef.current = navigate;
    closeRef.current = close;
  });
  // This page pushed the viewer's history entry, so closing goes back over it.
  const pushed = useRef(false);
  // The address names the viewer's file: when it no longer does, the back button was pressed.
  const inAddress = useRef(false);
  // Closed by the person: the address names the file until the navigation lands.
  const closing = useRef(false);

  const showFile = useCallback((fileID: number) => {
    const current = searchRef.current;
    const named = fileIDFromSearch(current);
    if (named === fileID) return;
    if (named === undefined) pushed.current = true;
    setSearchRef.current(searchWithFile(current, fileID), { replace: named !== undefined });
  }, []);

  const closeViewer = useCallback(() => {
    closeRef.current();
    inAddress.current = false;
    if (fileIDFromSearch(searchRef.current) === undefined) return;
    closing.current = true;
    if (pushed.current) {
      pushed.current = false;
      void navigateRef.current(-1);
    } else {
      setSearchRef.current(searchWithFile(searchRef.current, undefined), { replace: true });
    }
  }, []);

  // The address and the open viewer: once it names the viewer's file, losing
  // it (the back button) closes the viewer.
  useEffect(() => {
    if (addressFileID !== undefined) {
      if (viewerIndex !== undefined) inAddress.current = true;
      return;
    }
    closing.current = false;
    if (inAddress.current && viewerIndex !== undefined) {
      pushed.current = false;
      close();
    }
    inAddress.current = false;
  }, [addressFileID, viewerIndex, close]);

  // The back button to an address without a file closes the viewer, even
  // when it comes before the page has rendered its own push (a busy
  // machine may render both at once, and the effect above then never sees
  // the address name the file). A popstate is only ever the back or forward
  // button, never the page's own push or replace.
  const viewerOpen = viewerIndex !== undefined;
  useEffect(() => {
    if (!viewerOpen) return;
    const onPopState = () => {
      if (fileIDFromSearch(new URLSearchParams(window.location.search)) !== undefined) return;
      pushed.current = false;
      inAddress.current = false;
      closeRef.current();
    };
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("popstate", onPopState);
    };
  }, [viewerOpen]);

  // An address with a file (a link, a reload, the forward button) opens it.
  useEffect(() => {
    if (addressFileID === undefined || viewerIndex !== undefined || closing.current) return;
    if (viewVersion === undefined || client === undefined) return;
    let current = true;
    client
      .indexOfFile(viewID, addressFileID)
      .then((index) => {
        if (!current) return;
        if (index >= 0) openAt(index);
        else if (settled) {
          setSearchParams(searchWithFile(searchRef.current, undefined), { replace: true });
        }
      })
      .catch((e: unknown) => {
        log.error("Could not find the file of the address", e);
      });
    return () => {
      current = false;
    };
  }, [addressFileID, viewerIndex, viewVersion, settled, client, viewID, openAt, setSearchParams]);

  return { showFile, closeViewer };
}
