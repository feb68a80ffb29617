// Drag and drop of files anywhere on the page while the gallery is open:
// whether files are being dragged over it (for the overlay), and the drop
// itself.

import { useEffect, useRef, useState } from "react";

/** Whether a drag carries files (not a link, text or an image of the page). */
const carriesFiles = (event: DragEvent): boolean =>
  event.dataTransfer?.types.includes("Files") === true;

/**
 * [Note: Counting drag enters and leaves]
 *
 * A drag over the page fires `dragenter` on each element it enters and
 * `dragleave` on each it leaves, in that order, so moving from the grid onto
 * a tile is an enter then a leave. Hiding the overlay on any leave makes it
 * flicker over every child element. The listeners count enters minus leaves
 * at the document: the drag is over the page while the count is above zero,
 * and gone when it returns to zero (the pointer left the window, Escape) or
 * on the drop. The overlay itself lets the pointer through (no events of
 * its own to count).
 */
export function useFileDrop(
  /** Called in the `drop` event (its data is readable only then); undefined: drops are not taken. */
  onDrop: ((data: DataTransfer) => void) | undefined,
  /** False while the page cannot take a drop (a dialog asks something): drops are refused. */
  accepting = true,
): boolean {
  const [dragging, setDragging] = useState(false);
  const onDropRef = useRef(onDrop);
  const acceptingRef = useRef(accepting);
  useEffect(() => {
    onDropRef.current = onDrop;
    acceptingRef.current = accepting;
  });
  const enabled = onDrop !== undefined;

  useEffect(() => {
    if (!enabled) return;
    // See: [Note: Counting drag enters and leaves]
    let depth = 0;
    const onDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(acceptingRef.current);
    };
    const onDragLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    // Without this the browser opens a dropped file in place of the app.
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event) || event.dataTransfer === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = acceptingRef.current ? "copy" : "none";
    };
    const onDropEvent = (event: DragEvent) => {
      if (!carriesFiles(event) || event.dataTransfer === null) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      if (acceptingRef.current) onDropRef.current?.(event.dataTransfer);
    };
    document.addEventListener("dragenter", onDragEnter);
    document.addEventListener("dragleave", onDragLeave);
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("drop", onDropEvent);
    return () => {
      document.removeEventListener("dragenter", onDragEnter);
      document.removeEventListener("dragleave", onDragLeave);
      document.removeEventListener("dragover", onDragOver);
      document.removeEventListener("drop", onDropEvent);
      setDragging(false);
    };
  }, [enabled]);

  return dragging && accepting;
}
