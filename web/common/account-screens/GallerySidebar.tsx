import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { UserDetailsView } from "../accounts/account-service";
import { Button } from "../ui/Button";
import { storageSize } from "./format-bytes";

/** Storage used of the plan's storage, e.g. "1.2 GB of 10 GB used", with a bar. */
function StorageUsage({ details }: { details: UserDetailsView }) {
  const intl = useIntl();
  const format = (sizeBytes: number) => {
    const { value, unit } = storageSize(sizeBytes);
    // "0 bytes", but "1.5 GB": the short form of a byte reads oddly ("0 byte").
    const unitDisplay = unit === "byte" ? "long" : "short";
    return intl.formatNumber(value, { style: "unit", unit, unitDisplay });
  };
  const fraction =
    details.storageBytes > 0 ? Math.min(1, details.usageBytes / details.storageBytes) : 0;
  return (
    <div className="cairn-sidebar__storage">
      <p className="cairn-sidebar__label">
        <FormattedMessage id="gallery.storage" />
      </p>
      <p>
        <FormattedMessage
          id="gallery.storageUsed"
          values={{ used: format(details.usageBytes), total: format(details.storageBytes) }}
        />
      </p>
      <div
        className="cairn-sidebar__meter"
        role="meter"
        aria-label={intl.formatMessage({ id: "gallery.storage" })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <span style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
      <p className="cairn-sidebar__muted">
        <FormattedMessage id="gallery.fileCount" values={{ count: details.fileCount }} />
      </p>
    </div>
  );
}

/**
 * The gallery's sidebar: who is logged in, their storage, the account
 * settings, logout and account deletion.
 */
export function GallerySidebar({
  details,
  library,
  onOpenPasskeys,
  loggingOut,
  onLogout,
  onDeleteAccount,
}: {
  details: UserDetailsView | undefined;
  /** The library's albums, under the storage. */
  library?: ReactNode;
  /** Passkeys are managed in the accounts app. */
  onOpenPasskeys: () => void;
  loggingOut: boolean;
  onLogout: () => void;
  onDeleteAccount: () => void;
}) {
  const intl = useIntl();
  return (
    <aside className="cairn-sidebar" aria-label={intl.formatMessage({ id: "gallery.account" })}>
      <div className="cairn-sidebar__user">
        <p className="cairn-sidebar__label">
          <FormattedMessage id="gallery.account" />
        </p>
        <p className="cairn-sidebar__email" data-testid="sidebar-email">
          {details?.email ?? "…"}
        </p>
      </div>
      {details && <StorageUsage details={details} />}
      {library}
      <nav
        className="cairn-sidebar__links"
        aria-label={intl.formatMessage({ id: "gallery.settings" })}
      >
        <Link to="/change-password">
          <FormattedMessage id="route.changePassword" />
        </Link>
        <Link to="/change-email">
          <FormattedMessage id="route.changeEmail" />
        </Link>
        <Link to="/two-factor/setup">
          <FormattedMessage id="gallery.twoFactor" />
          {details && (
            <span className="cairn-sidebar__status">
              <FormattedMessage id={details.isTwoFactorEnabled ? "gallery.on" : "gallery.off"} />
            </span>
          )}
        </Link>
        <button type="button" onClick={onOpenPasskeys}>
          <FormattedMessage id="route.passkeys" />
          {details && details.passkeyCount > 0 && (
            <span className="cairn-sidebar__status">{details.passkeyCount}</span>
          )}
        </button>
      </nav>
      <div className="cairn-sidebar__actions">
        <Button variant="secondary" fullWidth busy={loggingOut} onClick={onLogout}>
          <FormattedMessage id="gallery.logout" />
        </Button>
        <button type="button" className="cairn-sidebar__delete" onClick={onDeleteAccount}>
          <FormattedMessage id="account.delete.open" />
        </button>
      </div>
    </aside>
  );
}
