import { FormattedMessage } from "react-intl";
import { OfflineIcon } from "../brand/icons";
import { useOnlineStatus } from "./online-status";

/** Spec §1: a banner with the offline message whenever the browser is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="cairn-offline-banner" role="status">
      <OfflineIcon size={18} />
      <span>
        <FormattedMessage id="shell.offline" />
      </span>
    </div>
  );
}
