// The photo editor's keyboard shortcuts, pure: which command a key press
// means. Typing in a field or moving a slider by its arrow keys never
// reaches here (the editor leaves those to the control).

export type EditorCommand =
  | "undo"
  | "redo"
  | "save"
  | "close"
  | "rotate-left"
  | "rotate-right"
  | "flip-horizontal"
  | "flip-vertical"
  | "reset"
  | "tab-crop"
  | "tab-adjust"
  | "tab-filters";

export interface EditorKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

/**
 * The command of a key press, or undefined. Ctrl (⌘ on a Mac) with Z undoes,
 * with Shift+Z or Y redoes, with S saves a copy; the plain keys are single
 * letters a person can find from the buttons' tooltips: R turns right,
 * Shift+R left, H flips left–right, V top–bottom, 1/2/3 open the tabs,
 * Escape closes (asking first when there are changes).
 */
export function editorCommandOfKey({
  key,
  ctrlKey = false,
  metaKey = false,
  shiftKey = false,
  altKey = false,
}: EditorKey): EditorCommand | undefined {
  if (altKey) return undefined;
  const lower = key.toLowerCase();
  if (ctrlKey || metaKey) {
    if (lower === "z") return shiftKey ? "redo" : "undo";
    if (lower === "y" && !shiftKey) return "redo";
    if (lower === "s" && !shiftKey) return "save";
    return undefined;
  }
  switch (key) {
    case "Escape":
      return "close";
    case "1":
      return "tab-crop";
    case "2":
      return "tab-adjust";
    case "3":
      return "tab-filters";
    default:
      break;
  }
  switch (lower) {
    case "r":
      return shiftKey ? "rotate-left" : "rotate-right";
    case "h":
      return shiftKey ? undefined : "flip-horizontal";
    case "v":
      return shiftKey ? undefined : "flip-vertical";
    default:
      return undefined;
  }
}
