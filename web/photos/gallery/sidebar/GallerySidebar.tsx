import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import { useAppDefinition } from "../../../common/app/app-definition";
import { useRuntimeConfig } from "../../../common/config/runtime-config-context";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { log } from "../../../common/log/log";
import { fetchFamiliesPortalURL } from "../../../common/redirect/families-portal";
import { Button } from "../../../common/ui/Button";
import { useFormatBytes } from "../../../common/i18n/use-format-bytes";
import { storageShownOf } from "./storage-shown";

/** Storage used of the plan's storage, e.g. "1.2 GB of 10 GB used", with a bar. */
function StorageUsage({ details }: { details: UserDetailsView }) {
  const intl = useIntl();
  const format = useFormatBytes();
  const shown = storageShownOf(details);
  const fraction = shown.totalBytes > 0 ? Math.min(1, shown.usedBytes / shown.totalBytes) : 0;
  return (
    <div className="cairn-sidebar__storage" data-testid="sidebar-storage">
      <p className="cairn-sidebar__label">
        <FormattedMessage
          id={shown.scope === "family" ? "gallery.familyStorage" : "gallery.storage"}
        />
      </p>
      <p>
        <FormattedMessage
          id="gallery.storageUsed"
          values={{ used: format(shown.usedBytes), total: format(shown.totalBytes) }}
        />
      </p>
      {shown.scope === "family" && (
        <p className="cairn-sidebar__muted">
          <FormattedMessage
            id="gallery.familyOwnUsage"
            values={{ used: format(shown.ownUsageBytes) }}
          />
        </p>
      )}
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
 * The sidebar's way to the family page, for everyone (to manage a family or
 * create one): a fresh families token, then the page.
 * See: [Note: The family page is opened with a families token]
 */
function FamilyEntry({ details }: { details: UserDetailsView | undefined }) {
  const config = useRuntimeConfig();
  const app = useAppDefinition();
  const { showErrorDialog } = useMessageDialog();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const url = await fetchFamiliesPortalURL({
        apiOrigin: config.apiOrigin,
        app: app.name,
        photosURL: config.apps.photos,
      });
      window.location.assign(url);
    } catch (e) {
      log.error("Could not open the family page", e);
      showErrorDialog();
      setOpening(false);
    }
  };
  return (
    <button type="button" disabled={opening} onClick={() => void open()}>
      <FormattedMessage id="gallery.family" />
      {details && (
        <span className="cairn-sidebar__status">
          <FormattedMessage
            id={details.familyData === undefined ? "gallery.familyCreate" : "gallery.familyManage"}
          />
        </span>
      )}
    </button>
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
  onOpenPlans,
  loggingOut,
  onLogout,
  onDeleteAccount,
}: {
  details: UserDetailsView | undefined;
  /** The library's albums, under the storage. */
  library?: ReactNode;
  /** Passkeys are managed in the accounts app. */
  onOpenPasskeys: () => void;
  /** The plans of this server (the payments page), when the app has one. */
  onOpenPlans?: (() => void) | undefined;
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
        {onOpenPlans !== undefined && (
          <button type="button" onClick={onOpenPlans}>
            <FormattedMessage id="payments.open" />
          </button>
        )}
        <button type="button" onClick={onOpenPasskeys}>
          <FormattedMessage id="route.passkeys" />
          {details && details.passkeyCount > 0 && (
            <span className="cairn-sidebar__status">{details.passkeyCount}</span>
          )}
        </button>
        <FamilyEntry details={details} />
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
