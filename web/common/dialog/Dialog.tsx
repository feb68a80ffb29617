// The modal surface both dialog styles are built on: a backdrop, a panel with
// `role="dialog"` and `aria-modal`, focus kept inside (see: [Note: Dialog
// focus]), and, when the dialog is closable, Escape and a backdrop click to
// close it.

import { useEffect, useRef, type ReactNode } from "react";
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

  useEffect(() => {
    if (!onClose) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [onClose]);

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
