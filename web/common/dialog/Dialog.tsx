// The modal surface both dialog styles are built on: a backdrop, a panel with
// `role="dialog"` and `aria-modal`, focus kept inside (see: [Note: Dialog
// focus]), and, when the dialog is closable, Escape and a backdrop click to
// close it.

import { useLayoutEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "./focus-trap";
import "./Dialog.css";

export type DialogSize = "standard" | "compact";

export interface DialogProps {
  /** Called on Escape or a backdrop click. Absent: the dialog cannot be dismissed. */
  onClose?: () => void;
  /** The id of the element holding the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  /** Spec §9: 360 px for standard dialogs, 346 px for compact ones. */
  size: DialogSize;
  children: ReactNode;
}

export function Dialog({ onClose, labelledBy, describedBy, size, children }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef);

  // [Note: Escape reaches the dialog as it is on screen]
  //
  // A dialog's close handler changes with its state (absent while its
  // action runs, back once the answer shows). Registering a new listener in
  // an effect after each change left a moment, between the new content
  // being drawn and the effect running, when Escape reached no listener and
  // was lost (the browser tests saw an import report stay open). So one
  // listener lives as long as the dialog, set up before the first paint, and
  // reads the close handler of the latest committed render.
  const latestClose = useRef(onClose);
  useLayoutEffect(() => {
    latestClose.current = onClose;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const close = latestClose.current;
      if (event.key === "Escape" && close !== undefined) {
        event.stopPropagation();
        close();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return createPortal(
    <div
      className="cairn-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={panelRef}
        className={`cairn-dialog cairn-dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
