import { useCallback } from "react";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router";
import { useMessageDialog } from "../../dialog/dialog-state";
import { log } from "../../log/log";
import { useAccountService } from "../parts/account-service-context";

/**
 * Spec §2: the session-expired dialog. It cannot be closed; its only button
 * logs the person out (clearing what the dead session left behind) and
 * takes them to the login screen.
 */
export function useSessionExpiredDialog(): () => void {
  const { showMessageDialog } = useMessageDialog();
  const service = useAccountService();
  const navigate = useNavigate();
  return useCallback(() => {
    showMessageDialog({
      title: <FormattedMessage id="error.sessionExpired.title" />,
      message: <FormattedMessage id="error.sessionExpired" />,
      closable: false,
      proceed: {
        label: <FormattedMessage id="action.logIn" />,
        variant: "accent",
        action: async () => {
          try {
            await service.logout();
          } catch (e) {
            // Logout skips its own failing steps; whatever is left, go on to the login.
            log.error("Logout after an expired session failed", e);
          }
          void navigate("/login", { replace: true });
        },
      },
    });
  }, [showMessageDialog, service, navigate]);
}
