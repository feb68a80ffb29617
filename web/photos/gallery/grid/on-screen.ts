// Which elements of a scroller are on screen (or about to be), through one
// IntersectionObserver for all of them: the month overview loads a cell's
// cover only while the cell is on screen.

import { useEffect, useMemo, useState } from "react";

type OnScreenListener = (onScreen: boolean) => void;

/** Watches elements within `root`; one observer serves every element. */
export class OnScreenWatcher {
  readonly #observer: IntersectionObserver | undefined;
  readonly #listeners = new Map<Element, OnScreenListener>();

  /** `marginPx` above and below the root count as on screen: covers start loading just before they show. */
  constructor(root: Element, marginPx: number) {
    // Without IntersectionObserver (very old browsers) every element counts as on screen.
    this.#observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                this.#listeners.get(entry.target)?.(entry.isIntersecting);
              }
            },
            { root, rootMargin: `${String(marginPx)}px 0px` },
          )
        : undefined;
  }

  /** Calls `listener` whenever `element` comes on screen or leaves it, until the returned stop. */
  watch(element: Element, listener: OnScreenListener): () => void {
    this.#listeners.set(element, listener);
    if (this.#observer === undefined) listener(true);
    else this.#observer.observe(element);
    return () => {
      this.#listeners.delete(element);
      this.#observer?.unobserve(element);
    };
  }

  disconnect(): void {
    this.#listeners.clear();
    this.#observer?.disconnect();
  }
}

/** A watcher over `root` while it is mounted. */
export function useOnScreenWatcher(
  root: Element | null,
  marginPx: number,
): OnScreenWatcher | undefined {
  const watcher = useMemo(
    () => (root === null ? undefined : new OnScreenWatcher(root, marginPx)),
    [root, marginPx],
  );
  useEffect(
    () => () => {
      watcher?.disconnect();
    },
    [watcher],
  );
  return watcher;
}

/** Whether `element` is on screen, as `watcher` sees it (false until it has looked). */
export function useOnScreen(
  watcher: OnScreenWatcher | undefined,
  element: Element | null,
): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (watcher === undefined || element === null) return;
    return watcher.watch(element, setOnScreen);
  }, [watcher, element]);
  return onScreen;
}
