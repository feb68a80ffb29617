// The viewer's keyboard and swipe rules, pure: which command a key press or
// a finished one-finger drag means.

export type ViewerCommand =
  | "previous"
  | "next"
  | "close"
  | "toggle-info"
  | "copy"
  | "edit"
  | "zoom-in"
  | "zoom-out"
  | "zoom-reset";

export interface ViewerKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * The command of a key press, or undefined for keys the viewer leaves alone
 * (modified keys are the browser's: Ctrl+0 resets the page zoom, not ours).
 * Typing in the info panel's fields never reaches here (see GalleryViewer).
 */
export function viewerCommandOfKey({
  key,
  ctrlKey,
  metaKey,
  altKey,
}: ViewerKey): ViewerCommand | undefined {
  if (ctrlKey === true || metaKey === true || altKey === true) return undefined;
  switch (key) {
    case "ArrowLeft":
      return "previous";
    case "ArrowRight":
      return "next";
    case "Escape":
      return "close";
    case "i":
    case "I":
      return "toggle-info";
    case "c":
    case "C":
      return "copy";
    case "e":
    case "E":
      return "edit";
    case "+":
    case "=":
      return "zoom-in";
    case "-":
    case "_":
      return "zoom-out";
    case "0":
      return "zoom-reset";
    default:
      return undefined;
  }
}

/**
 * A horizontal drag this long (px) turns the page: long enough not to fire
 * on a tap's jitter, short enough for a thumb flick on a 428 px phone.
 */
export const swipeThresholdPx = 50;

/**
 * What a one-finger drag of (`dx`, `dy`) px means when unzoomed: a mostly
 * horizontal drag past the threshold goes to the next (leftwards) or
 * previous (rightwards) file.
 */
export function swipeCommand(dx: number, dy: number): "previous" | "next" | undefined {
  if (Math.abs(dx) < swipeThresholdPx || Math.abs(dx) <= Math.abs(dy)) return undefined;
  return dx < 0 ? "next" : "previous";
}
