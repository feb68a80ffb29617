// The React side of the face crop store: a face's crop URL, asked for while
// the component is mounted.

import { useCallback, useSyncExternalStore } from "react";
import type { FaceRef } from "../../../workers/people/people-contract";
import type { FaceCropStore } from "./face-crop-store";

/** The URL of `face`'s crop from `store`; undefined until it arrives, or without a store. */
export function useFaceCropURL(
  store: FaceCropStore | undefined,
  face: FaceRef,
): string | undefined {
  // The face's identity is its ID: a new object for the same face asks nothing again.
  const { faceID, fileID, box } = face;
  const subscribe = useCallback(
    (listener: () => void) =>
      store === undefined ? () => undefined : store.subscribe({ faceID, fileID, box }, listener),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the box goes with the face ID
    [store, faceID],
  );
  const snapshot = () => store?.url(faceID);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
