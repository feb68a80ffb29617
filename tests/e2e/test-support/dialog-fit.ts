import type { Locator } from "playwright-core";

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
    for (const element of root.querySelectorAll("*")) {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        problems.push(`${describe(element)} sticks out of the dialog`);
      }
      const field = ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName);
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
