import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

// Whether a dialog holds its content within its width, as a person sees it:
// nothing scrolls sideways, nothing sticks out of the dialog's box, and no
// text is cut off except where it ends in an ellipsis on purpose (a long
// address). Text fields scroll their own text and are not counted.

/** What does not fit in `dialog`, one line each; empty when everything fits. */
export const overflowsIn = (dialog: Locator): Promise<string[]> =>
  dialog.evaluate((root) => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const text = element.textContent.trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">${text}`;
    };
    const box = root.getBoundingClientRect();
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(
        `the dialog scrolls sideways: ${String(root.scrollWidth)} > ${String(root.clientWidth)} px`,
      );
    }
    /** What of `element` can be seen: its box, clipped by the ancestors that clip their content. */
    const visibleSpan = (element: Element) => {
      const rect = element.getBoundingClientRect();
      let [left, right] = [rect.left, rect.right];
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === "hidden" || overflow === "clip") {
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (parent === root) break;
      }
      return { left, right };
    };
    for (const element of root.querySelectorAll("*")) {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const span = visibleSpan(element);
      if (span.right > box.right + 1 || span.left < box.left - 1) {
        problems.push(`${describe(element)} sticks out of the dialog`);
      }
      // A progress bar's moving fill is clipped by the bar on purpose.
      const field =
        ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName) ||
        element.getAttribute("role") === "progressbar";
      const clips = style.overflowX === "hidden" || style.overflowX === "clip";
      if (
        !field &&
        clips &&
        style.textOverflow !== "ellipsis" &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(`${describe(element)} is cut off`);
      }
    }
    return problems;
  });

/**
 * Checks that `dialog` holds its content and lies within a window of
 * `size` (`label` names the case in a failure).
 */
export const expectDialogFits = async (
  dialog: Locator,
  size: { width: number; height: number },
  label: string,
): Promise<void> => {
  expect(await overflowsIn(dialog), label).toEqual([]);
  const box = await dialog.boundingBox();
  expect(box !== null && box.x >= 0 && box.x + box.width <= size.width, label).toBe(true);
  expect(box !== null && box.y >= 0 && box.y + box.height <= size.height, label).toBe(true);
};

/** Waits until every finite animation (a dialog fading in) has ended: the page as a person sees it. */
export const animationsDone = (on: Page) =>
  on.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
