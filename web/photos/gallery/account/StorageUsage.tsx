import { FormattedMessage, useIntl } from "react-intl";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import { useFormatBytes } from "../../../common/i18n/use-format-bytes";
import { storageShownOf } from "./storage-shown";
import "./settings.css";

/** Storage used of the plan's storage, e.g. "1.2 GB of 10 GB used", with a bar. */
export function StorageUsage({
  details,
  testID,
  underHeading = false,
}: {
  details: UserDetailsView;
  /** The navigation's card and the settings page's are told apart by tests. */
  testID: string;
  /** Under a "Storage" heading already: only a family's storage says whose it is. */
  underHeading?: boolean;
}) {
  const intl = useIntl();
  const format = useFormatBytes();
  const shown = storageShownOf(details);
  const fraction = shown.totalBytes > 0 ? Math.min(1, shown.usedBytes / shown.totalBytes) : 0;
  return (
    <div className="cairn-settings__storage" data-testid={testID}>
      {(!underHeading || shown.scope === "family") && (
        <p className="cairn-settings__label">
          <FormattedMessage
            id={shown.scope === "family" ? "gallery.familyStorage" : "gallery.storage"}
          />
        </p>
      )}
      <p>
        <FormattedMessage
          id="gallery.storageUsed"
          values={{ used: format(shown.usedBytes), total: format(shown.totalBytes) }}
        />
      </p>
      {shown.scope === "family" && (
        <p className="cairn-settings__muted">
          <FormattedMessage
            id="gallery.familyOwnUsage"
            values={{ used: format(shown.ownUsageBytes) }}
          />
        </p>
      )}
      <div
        className="cairn-settings__meter"
        role="meter"
        aria-label={intl.formatMessage({ id: "gallery.storage" })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <span style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
      <p className="cairn-settings__muted">
        <FormattedMessage id="gallery.fileCount" values={{ count: details.fileCount }} />
      </p>
    </div>
  );
}
