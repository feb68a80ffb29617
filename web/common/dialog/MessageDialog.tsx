import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import { log } from "../log/log";
import { Button } from "../ui/Button";
import { Dialog } from "./Dialog";
import type { MessageDialogAttributes } from "./dialog-state";

export interface MessageDialogProps {
  attributes: MessageDialogAttributes;
  /** Called once the dialog should disappear (closed, or its proceed action done). */
  onClose: () => void;
  /** Called when the proceed action fails; the dialog has closed by then. */
  onActionError?: (error: unknown) => void;
}

/** A dialog with a title, a message, and close and proceed buttons (spec §2). */
export function MessageDialog({ attributes, onClose, onActionError }: MessageDialogProps) {
  const { style = "message", title, message, closable = true, close, proceed } = attributes;
  const titleId = useId();
  const messageId = useId();
  const [busy, setBusy] = useState(false);
  const compact = style === "compact";

  const dismiss = () => {
    if (busy) return;
    void close?.action?.();
    onClose();
  };

  const runProceed = async () => {
    if (!proceed) return;
    setBusy(true);
    try {
      await proceed.action?.();
      onClose();
    } catch (e) {
      log.error("Dialog action failed", e);
      onClose();
      onActionError?.(e);
    } finally {
      setBusy(false);
    }
  };

  const closeButton = closable && (
    <Button variant={close?.variant ?? "secondary"} fullWidth={!compact} onClick={dismiss}>
      {close?.label ??
        (proceed ? <FormattedMessage id="action.cancel" /> : <FormattedMessage id="action.ok" />)}
    </Button>
  );

  return (
    <Dialog
      size={compact ? "compact" : "standard"}
      labelledBy={titleId}
      describedBy={message === undefined ? undefined : messageId}
      onClose={closable ? dismiss : undefined}
    >
      <h2 id={titleId} className="cairn-dialog__title">
        {title}
      </h2>
      {message !== undefined && (
        <div id={messageId} className="cairn-dialog__message">
          {message}
        </div>
      )}
      <div className="cairn-dialog__buttons">
        {proceed && (
          <Button
            variant={proceed.variant ?? "accent"}
            fullWidth={!compact}
            busy={busy}
            onClick={() => void runProceed()}
          >
            {proceed.label}
          </Button>
        )}
        {closeButton}
      </div>
    </Dialog>
  );
}
