import { useAtom } from "jotai";
import { useEffect } from "react";
import { useIntl } from "react-intl";
import { CloseIcon } from "../brand/icons";
import { notificationAtom } from "./notification";

/** Shows the current notification (see `useNotify`). */
export function Toast() {
  const intl = useIntl();
  const [notification, setNotification] = useAtom(notificationAtom);

  useEffect(() => {
    if (notification?.autoHideMs === undefined) return;
    const { id } = notification;
    const timer = setTimeout(() => {
      setNotification((current) => (current?.id === id ? undefined : current));
    }, notification.autoHideMs);
    return () => {
      clearTimeout(timer);
    };
  }, [notification, setNotification]);

  return (
    <div className="cairn-toast-region" aria-live="polite">
      {notification && (
        <div
          key={notification.id}
          className={`cairn-toast cairn-toast--${notification.variant}`}
          role={notification.variant === "critical" ? "alert" : "status"}
        >
          <div className="cairn-toast__message">{notification.message}</div>
          {notification.action !== undefined && (
            <button
              type="button"
              className="cairn-toast__action"
              onClick={() => {
                setNotification(undefined);
                notification.action?.run();
              }}
            >
              {notification.action.label}
            </button>
          )}
          <button
            type="button"
            className="cairn-icon-button"
            aria-label={intl.formatMessage({ id: "action.dismiss" })}
            onClick={() => {
              setNotification(undefined);
            }}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
