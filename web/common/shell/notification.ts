// The notification toast: one short message at a time, at the bottom of the window.

import { atom, useSetAtom } from "jotai";
import { useCallback, type ReactNode } from "react";

export type NotificationVariant = "info" | "success" | "critical";

export interface Notification {
  id: number;
  message: ReactNode;
  variant: NotificationVariant;
  /** Hides itself after this long; `undefined` stays until dismissed. */
  autoHideMs: number | undefined;
  /** A button beside the message (e.g. Undo); pressing it also hides the toast. */
  action?: NotificationAction | undefined;
}

export interface NotificationAction {
  label: ReactNode;
  run: () => void;
}

/** Long enough to read a sentence twice, short enough not to linger. */
export const defaultNotificationAutoHideMs = 5000;

export const notificationAtom = atom<Notification | undefined>(undefined);

let lastNotificationId = 0;

export interface NotifyOptions {
  variant?: NotificationVariant;
  autoHideMs?: number | undefined;
  action?: NotificationAction | undefined;
}

/** Show `message` in the toast, replacing any shown one. */
export function useNotify(): (message: ReactNode, options?: NotifyOptions) => void {
  const setNotification = useSetAtom(notificationAtom);
  return useCallback(
    (message, options = {}) => {
      setNotification({
        id: ++lastNotificationId,
        message,
        variant: options.variant ?? "info",
        autoHideMs: "autoHideMs" in options ? options.autoHideMs : defaultNotificationAutoHideMs,
        action: options.action,
      });
    },
    [setNotification],
  );
}
