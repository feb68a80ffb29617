import { describe, expect, it } from "vitest";
import { type EditorKey, editorCommandOfKey } from "./editor-keys";

describe("editorCommandOfKey", () => {
  it.each<[string, EditorKey, ReturnType<typeof editorCommandOfKey>]>([
    ["Ctrl+Z undoes", { key: "z", ctrlKey: true }, "undo"],
    ["⌘Z undoes", { key: "z", metaKey: true }, "undo"],
    ["Ctrl+Shift+Z redoes", { key: "Z", ctrlKey: true, shiftKey: true }, "redo"],
    ["Ctrl+Y redoes", { key: "y", ctrlKey: true }, "redo"],
    ["Ctrl+S saves", { key: "s", ctrlKey: true }, "save"],
    ["Escape closes", { key: "Escape" }, "close"],
    ["R turns right", { key: "r" }, "rotate-right"],
    ["Shift+R turns left", { key: "R", shiftKey: true }, "rotate-left"],
    ["H flips left to right", { key: "h" }, "flip-horizontal"],
    ["V flips top to bottom", { key: "v" }, "flip-vertical"],
    ["1 opens the crop tab", { key: "1" }, "tab-crop"],
    ["2 opens the adjust tab", { key: "2" }, "tab-adjust"],
    ["3 opens the filters tab", { key: "3" }, "tab-filters"],
    ["Alt leaves a key to the system", { key: "r", altKey: true }, undefined],
    ["Ctrl+R stays the browser's reload", { key: "r", ctrlKey: true }, undefined],
    ["another letter does nothing", { key: "q" }, undefined],
    ["an arrow stays the slider's", { key: "ArrowLeft" }, undefined],
  ])("%s", (_, key, command) => {
    expect(editorCommandOfKey(key)).toBe(command);
  });
});
