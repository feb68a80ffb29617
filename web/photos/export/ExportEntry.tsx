// The settings' Export entry (spec §2, §3). In the desktop app it opens the
// export dialog; on the web, where a folder cannot be written to, it opens
// the prompt to get the desktop app.

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { ElectronBridge } from "../../../shared/desktop/electron-bridge";
import { DownloadDesktopAppDialog } from "./DownloadDesktopAppDialog";
import { ExportDialog } from "./ExportDialog";
import { useExportController } from "./use-export-controller";

export interface ExportEntryProps {
  /** The desktop shell's bridge; absent on the web. */
  bridge?: ElectronBridge | undefined;
}

export function ExportEntry({ bridge = window.electron }: ExportEntryProps) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        data-testid="settings-export"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        <span className="cairn-settings__switch-text">
          <FormattedMessage id="export.title" />
          <span className="cairn-settings__switch-description">
            <FormattedMessage id="export.entry.description" />
          </span>
        </span>
      </button>
      {open &&
        (bridge === undefined ? (
          <DownloadDesktopAppDialog
            message={<FormattedMessage id="export.desktopOnly" />}
            onClose={close}
          />
        ) : (
          <DesktopExportDialog bridge={bridge} onClose={close} />
        ))}
    </>
  );
}

/** The export dialog with the desktop's controller, asked for while the dialog is open. */
function DesktopExportDialog({ bridge, onClose }: { bridge: ElectronBridge; onClose: () => void }) {
  const controller = useExportController(bridge);
  return <ExportDialog controller={controller} onClose={onClose} />;
}
