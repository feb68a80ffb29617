// The frame of the auth app's dialogs: the app's modal surface with a title
// and, while it may be closed, a close button beside it (on a phone the
// dialog fills the screen: there is little backdrop left to tap).

import { useId, type ReactNode } from "react";
import { useIntl } from "react-intl";
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
  const intl = useIntl();
  const titleId = useId();
  return (
    <Dialog size="standard" labelledBy={titleId} onClose={onClose}>
      <div className="cairn-auth-dialog" data-testid={testID}>
        <div className="cairn-auth-dialog__head">
          <h2 id={titleId} className="cairn-dialog__title">
            {title}
          </h2>
          {onClose !== undefined && (
            <button
              type="button"
              className="cairn-auth-dialog__close"
              aria-label={intl.formatMessage({ id: "auth.close" })}
              title={intl.formatMessage({ id: "auth.close" })}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children}
      </div>
    </Dialog>
  );
}
