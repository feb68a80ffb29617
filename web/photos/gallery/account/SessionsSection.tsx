// The settings' devices: every session of this app with its device, where
// and when it was last used, this device first; another device can be
// logged out (after a confirmation), and the list is read again.

import { useCallback, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SessionView } from "../../../common/accounts/account-service";
import { accountErrorKind } from "../../../common/account-screens/parts/account-error";
import { useAccountService } from "../../../common/account-screens/parts/account-service-context";
import { useSessionExpiredDialog } from "../../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { log } from "../../../common/log/log";
import { useNotify } from "../../../common/shell/notification";

export function SessionsSection() {
  const intl = useIntl();
  const service = useAccountService();
  const notify = useNotify();
  const { showMessageDialog, showErrorDialog } = useMessageDialog();
  const showSessionExpired = useSessionExpiredDialog();
  const [sessions, setSessions] = useState<SessionView[] | undefined>();

  const failed = useCallback(
    (what: string, e: unknown) => {
      if (accountErrorKind(e, "other") === "session-expired") showSessionExpired();
      else {
        log.error(what, e);
        showErrorDialog();
      }
    },
    [showErrorDialog, showSessionExpired],
  );

  // Read again after a device is logged out.
  const [readings, setReadings] = useState(0);
  useEffect(() => {
    let current = true;
    service
      .activeSessions()
      .then((read) => {
        if (current) setSessions(read);
      })
      .catch((e: unknown) => {
        if (current) failed("Could not list the sessions", e);
      });
    return () => {
      current = false;
    };
  }, [service, failed, readings]);

  const confirmEnd = (session: SessionView) => {
    showMessageDialog({
      title: (
        <FormattedMessage
          id="gallery.settings.endSession.title"
          values={{ device: session.device }}
        />
      ),
      message: <FormattedMessage id="gallery.settings.endSession.message" />,
      proceed: {
        label: <FormattedMessage id="gallery.settings.endSession" />,
        variant: "critical",
        action: async () => {
          try {
            await service.endSession(session.name);
            notify(
              <FormattedMessage
                id="gallery.settings.sessionEnded"
                values={{ device: session.device }}
              />,
              { variant: "success" },
            );
          } catch (e) {
            failed("Could not end the session", e);
          }
          setReadings((count) => count + 1);
        },
      },
    });
  };

  if (sessions === undefined) return <p className="cairn-settings__note">…</p>;
  return (
    <ul className="cairn-settings__sessions" data-testid="settings-sessions">
      {sessions.map((session) => (
        <li key={session.name} className="cairn-settings__session" data-testid="settings-session">
          <div className="cairn-settings__session-text">
            <span className="cairn-settings__session-device">
              {session.device}
              {session.isThisDevice && (
                <span className="cairn-settings__status">
                  <FormattedMessage id="gallery.settings.thisDevice" />
                </span>
              )}
            </span>
            <span className="cairn-settings__muted">
              <FormattedMessage
                id="gallery.settings.sessionDetail"
                values={{
                  ip: session.ip,
                  lastUsed: intl.formatDate(session.lastUsedAtMs, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }),
                }}
              />
            </span>
          </div>
          {!session.isThisDevice && (
            <button
              type="button"
              className="cairn-settings__session-end"
              onClick={() => {
                confirmEnd(session);
              }}
            >
              <FormattedMessage id="gallery.settings.endSession" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
