// What the desktop shell asks of the app it hosts: deep links to follow and
// updates to offer (spec §1, §2). Nothing happens outside the desktop app,
// where `window.electron` is absent.

import { useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router";
import type { AppUpdateAvailable, ElectronBridge } from "../../../shared/desktop/electron-bridge";
import { type MessageDialogAttributes, useMessageDialog } from "../dialog/dialog-state";

/**
 * The update-available dialog (spec §2). An update that restarts into
 * itself offers "Install now" and "Install on next launch"; one the app
 * cannot apply by itself offers "Download and install" and "Ignore this
 * version". The second button also answers Escape, as a dialog's close
 * button does.
 */
export const appUpdateDialog = (
  bridge: Pick<
    ElectronBridge,
    "installUpdateNow" | "installUpdateOnNextLaunch" | "ignoreUpdate" | "downloadUpdate"
  >,
  { version, autoUpdatable }: AppUpdateAvailable,
): MessageDialogAttributes =>
  autoUpdatable
    ? {
        title: <FormattedMessage id="desktop.update.title" />,
        message: <FormattedMessage id="desktop.update.ready" values={{ version }} />,
        proceed: {
          label: <FormattedMessage id="desktop.update.installNow" />,
          variant: "accent",
          action: () => bridge.installUpdateNow(),
        },
        close: {
          label: <FormattedMessage id="desktop.update.installOnNextLaunch" />,
          action: () => bridge.installUpdateOnNextLaunch(version),
        },
      }
    : {
        title: <FormattedMessage id="desktop.update.title" />,
        message: <FormattedMessage id="desktop.update.download" values={{ version }} />,
        proceed: {
          label: <FormattedMessage id="desktop.update.downloadAndInstall" />,
          variant: "accent",
          action: () => bridge.downloadUpdate(),
        },
        close: {
          label: <FormattedMessage id="desktop.update.ignoreVersion" />,
          action: () => bridge.ignoreUpdate(version),
        },
      };

/** Follows the desktop shell's deep links and shows its update offers, while mounted. */
export function useDesktopShell(bridge: ElectronBridge | undefined = window.electron): void {
  const navigate = useNavigate();
  const { showMessageDialog } = useMessageDialog();
  useEffect(() => {
    if (bridge === undefined) return;
    // A route is a path of this app (see: [Note: The link scheme and the serving origin]).
    bridge.onOpenURL((route) => {
      void navigate(route);
    });
    bridge.onAppUpdateAvailable((update) => {
      showMessageDialog(appUpdateDialog(bridge, update));
    });
    return () => {
      bridge.onOpenURL(undefined);
      bridge.onAppUpdateAvailable(undefined);
    };
  }, [bridge, navigate, showMessageDialog]);
}
