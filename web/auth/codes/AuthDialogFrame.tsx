// The frame of the auth app's dialogs: the app's modal surface with a title.

import { useId, type ReactNode } from "react";
import { Dialog } from "../../common/dialog/Dialog";

export function AuthDialogFrame({
  title,
  onClose,
  testID,
  children,
}: {
  title: ReactNode;
  /** Escape, a backdrop click; absent while the dialog's action runs. */
  onClose: (() => void) | undefined;
  testID: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog size="standard" labelledBy={titleId} onClose={onClose}>
      <div className="cairn-auth-dialog" data-testid={testID}>
        <h2 id={titleId} className="cairn-dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </Dialog>
  );
}
