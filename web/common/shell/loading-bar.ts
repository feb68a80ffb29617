// The top loading bar (spec §2: green, completes after 100 ms). Route changes
// start it; any view can run it around async work with `useLoadingBar()`.

import { atom, useSetAtom } from "jotai";
import { useMemo } from "react";

export type LoadingBarPhase = "idle" | "running" | "complete";

export interface LoadingBarState {
  phase: LoadingBarPhase;
  /** Increases on every start, so a restarted bar animates from the left again. */
  run: number;
}

export const loadingBarAtom = atom<LoadingBarState>({ phase: "idle", run: 0 });

/** Spec §2: after a route change the bar completes 100 ms later. */
export const routeChangeCompletionDelayMs = 100;

/** How long the completed bar stays at full width before it fades out (CSS transition time). */
export const loadingBarFadeMs = 300;

export interface LoadingBarControls {
  start: () => void;
  complete: () => void;
}

export function useLoadingBar(): LoadingBarControls {
  const setState = useSetAtom(loadingBarAtom);
  return useMemo(
    () => ({
      start: () => {
        setState((s) => ({ phase: "running", run: s.run + 1 }));
      },
      complete: () => {
        setState((s) => (s.phase === "running" ? { ...s, phase: "complete" } : s));
      },
    }),
    [setState],
  );
}
