// Spec §2's download-the-desktop-app prompt: what a desktop-only feature
// needs, for a person using the web app. The download page is the server's
// `desktopDownloadURL`; a server without one still explains, with no link.

import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { Dialog } from "../../common/dialog/Dialog";
import { Button, buttonClassName } from "../../common/ui/Button";

export interface DownloadDesktopAppDialogProps {
  /** Why the feature needs the desktop app, in the feature's words. */
  message: ReactNode;
  onClose: () => void;
}

export function DownloadDesktopAppDialog({ message, onClose }: DownloadDesktopAppDialogProps) {
  const titleID = useId();
  const messageID = useId();
  const { desktopDownloadURL } = useRuntimeConfig();
  return (
    <Dialog size="standard" labelledBy={titleID} describedBy={messageID} onClose={onClose}>
      <h2 id={titleID} className="cairn-dialog__title">
        <FormattedMessage id="desktopApp.title" />
      </h2>
      <div id={messageID} className="cairn-dialog__message">
        {message}
      </div>
      <div className="cairn-dialog__buttons">
        {desktopDownloadURL !== undefined && (
          <a
            className={buttonClassName({ variant: "accent", fullWidth: true })}
            href={desktopDownloadURL}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FormattedMessage id="desktopApp.download" />
          </a>
        )}
        <Button variant="secondary" fullWidth onClick={onClose}>
          <FormattedMessage id="action.close" />
        </Button>
      </div>
    </Dialog>
  );
}
