// One line under the toolbar saying whether the codes are in sync: offline
// (and how many changes wait to be sent), syncing, or a sync that failed.
// Up to date says nothing: the codes are simply there.

import { useIntl } from "react-intl";
import type { AuthenticatorStatus } from "../../../workers/authenticator/authenticator-contract";

export function SyncLine({ status }: { status: AuthenticatorStatus | undefined }) {
  const intl = useIntl();
  if (status === undefined) return null;
  const waiting = status.pendingChanges;
  const text = (() => {
    switch (status.state) {
      case "offline":
        return intl.formatMessage({ id: "auth.sync.offline" }, { count: waiting });
      case "failed":
        return intl.formatMessage({ id: "auth.sync.failed" }, { count: waiting });
      case "opening":
      case "syncing":
        return waiting > 0
          ? intl.formatMessage({ id: "auth.sync.sending" }, { count: waiting })
          : undefined;
      case "up-to-date":
        return undefined;
    }
  })();
  const undecryptable =
    status.undecryptable > 0
      ? intl.formatMessage({ id: "auth.sync.undecryptable" }, { count: status.undecryptable })
      : undefined;
  if (text === undefined && undecryptable === undefined) return null;
  return (
    <p
      className={
        status.state === "failed" ? "cairn-auth__sync cairn-auth__sync--failed" : "cairn-auth__sync"
      }
      role="status"
      data-testid="auth-sync"
      data-state={status.state}
    >
      {[text, undecryptable].filter(Boolean).join(" ")}
    </p>
  );
}
