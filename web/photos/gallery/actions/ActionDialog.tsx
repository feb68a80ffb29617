// The frame of the gallery's own dialogs (album name, album picker, fix
// time, delete album): the app's modal surface with a title and a body.

import { useId, type ReactNode } from "react";
import { Dialog } from "../../../common/dialog/Dialog";
import "./actions.css";

export function ActionDialog({
  title,
  onClose,
  children,
}: {
  title: ReactNode;
  /** Escape, a backdrop click; absent while the dialog's action runs. */
  onClose: (() => void) | undefined;
  children: (ids: { titleId: string }) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog size="standard" labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="cairn-dialog__title">
        {title}
      </h2>
      {children({ titleId })}
    </Dialog>
  );
}
