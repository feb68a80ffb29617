import { describe, expect, it } from "vitest";
import { swipeCommand, viewerCommandOfKey, type ViewerKey } from "./viewer-input";

describe("viewerCommandOfKey", () => {
  it.each<[ViewerKey, ReturnType<typeof viewerCommandOfKey>]>([
    [{ key: "ArrowLeft" }, "previous"],
    [{ key: "ArrowRight" }, "next"],
    [{ key: "Escape" }, "close"],
    [{ key: "i" }, "toggle-info"],
    [{ key: "I" }, "toggle-info"],
    [{ key: "c" }, "copy"],
    [{ key: "e" }, "edit"],
    [{ key: "E" }, "edit"],
    [{ key: "C" }, "copy"],
    // Ctrl+C stays the browser's: it copies the text selected in the info panel.
    [{ key: "c", ctrlKey: true }, undefined],
    [{ key: "+" }, "zoom-in"],
    [{ key: "=" }, "zoom-in"],
    [{ key: "-" }, "zoom-out"],
    [{ key: "0" }, "zoom-reset"],
    [{ key: "0", ctrlKey: true }, undefined],
    [{ key: "ArrowLeft", altKey: true }, undefined],
    [{ key: "i", metaKey: true }, undefined],
    [{ key: "ArrowUp" }, undefined],
    [{ key: "Enter" }, undefined],
  ])("%o → %s", (key, expected) => {
    expect(viewerCommandOfKey(key)).toBe(expected);
  });
});

describe("swipeCommand", () => {
  it.each([
    [-80, 10, "next"],
    [80, -10, "previous"],
    [-49, 0, undefined],
    [60, 90, undefined],
    [-60, 60, undefined],
    [0, 0, undefined],
  ])("a drag of (%s, %s) → %s", (dx, dy, expected) => {
    expect(swipeCommand(dx, dy)).toBe(expected);
  });
});
