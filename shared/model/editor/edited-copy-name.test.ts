import { describe, expect, it } from "vitest";
import { editedCopyName } from "./edited-copy-name";

describe("editedCopyName", () => {
  it.each([
    ["IMG_0042.HEIC", "IMG_0042-edited.jpg"],
    ["IMG_0042.jpg", "IMG_0042-edited.jpg"],
    ["holiday.tar.png", "holiday.tar-edited.jpg"],
    ["IMG-edited.jpg", "IMG-edited.jpg"],
    ["IMG-Edited.PNG", "IMG-Edited.jpg"],
    ["Scan", "Scan-edited.jpg"],
    [".beach", ".beach-edited.jpg"],
    ["trailing.", "trailing-edited.jpg"],
    ["  spaced name .jpg ", "spaced name-edited.jpg"],
    ["", "edited.jpg"],
    [".", "edited.jpg"],
  ])("%j → %j", (shown, expected) => {
    expect(editedCopyName(shown)).toBe(expected);
  });
});
