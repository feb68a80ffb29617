// [Note: Dialog focus]
//
// A modal dialog keeps keyboard focus inside itself: on opening, focus moves
// to its first control (or the dialog itself); Tab and Shift+Tab wrap around
// its controls; on closing, focus returns to whatever had it before, so a
// keyboard user continues where they were.

import { useEffect, type RefObject } from "react";

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

export const focusableElements = (container: HTMLElement): HTMLElement[] =>
  Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));

/**
 * The index Tab should move to among `count` controls, from `current` (-1
 * when focus is on none of them), wrapping at both ends.
 */
export function nextFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current === -1) return backwards ? count - 1 : 0;
  return (current + (backwards ? count - 1 : 1)) % count;
}

/** Trap focus in `ref` while it is mounted. See: [Note: Dialog focus] */
export function useFocusTrap(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    (focusableElements(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const elements = focusableElements(container);
      event.preventDefault();
      const active = document.activeElement;
      const current = elements.findIndex((e) => e === active);
      const next = elements[nextFocusIndex(current, elements.length, event.shiftKey)];
      (next ?? container).focus();
    };
    container.addEventListener("keydown", onKeyDown);
    return () => {
      container.removeEventListener("keydown", onKeyDown);
      previouslyFocused?.focus();
    };
  }, [ref]);
}
