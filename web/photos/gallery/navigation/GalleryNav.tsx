// The gallery's navigation: a rail beside the page on wide screens (the
// places, the storage card and the account's settings with its email), a
// bottom bar of four places on phones. Each place is a link to its own
// address, so the back button and a new tab do what people expect.
// See: [Note: The phone's bar holds four places]

import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import { StorageUsage } from "../account/StorageUsage";
import { IndexingProgress } from "../search/IndexingProgress";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import { galleryPagePath, viewAddress } from "./gallery-pages";
import type { NavEntry, NavPlace } from "./nav-entries";
import { NavIcon } from "./nav-icons";
import "./navigation.css";

const addressOf = (entry: NavEntry): string =>
  entry.viewID === undefined ? galleryPagePath(entry.page) : viewAddress(entry.viewID);

export function GalleryNav({
  entries,
  current,
  details,
  indexing,
}: {
  entries: readonly NavEntry[];
  current: NavPlace;
  details: UserDetailsView | undefined;
  /** On-device indexing's status: the sidebar shows its progress while photos wait. */
  indexing?: MLStatus | undefined;
}) {
  const intl = useIntl();
  const places = entries.filter((entry) => entry.place !== "settings");
  const settings = entries.find((entry) => entry.place === "settings");
  const link = (entry: NavEntry) => (
    <li key={entry.place} className={entry.onPhoneBar ? "cairn-nav__item--phone" : undefined}>
      <Link
        to={addressOf(entry)}
        className="cairn-nav__link"
        data-testid={`nav-${entry.place}`}
        aria-current={entry.place === current ? "page" : undefined}
      >
        <NavIcon place={entry.place} />
        <span className="cairn-nav__label">
          <FormattedMessage id={entry.labelID} />
        </span>
        {entry.count !== undefined && entry.count > 0 && (
          <span className="cairn-nav__count">{intl.formatNumber(entry.count)}</span>
        )}
      </Link>
    </li>
  );
  return (
    <nav className="cairn-nav" aria-label={intl.formatMessage({ id: "gallery.nav.label" })}>
      <ul className="cairn-nav__places">{places.map(link)}</ul>
      <div className="cairn-nav__account">
        {indexing?.enabled === true && indexing.pending > 0 && (
          <IndexingProgress status={indexing} placement="sidebar" />
        )}
        {details && <StorageUsage details={details} testID="sidebar-storage" />}
        {settings !== undefined && (
          <Link
            to={addressOf(settings)}
            className="cairn-nav__link cairn-nav__settings"
            data-testid="nav-settings"
            aria-current={current === "settings" ? "page" : undefined}
          >
            <NavIcon place="settings" />
            <span className="cairn-nav__label">
              <FormattedMessage id={settings.labelID} />
              <span className="cairn-nav__email" data-testid="account-email">
                {details?.email ?? ""}
              </span>
            </span>
          </Link>
        )}
      </div>
    </nav>
  );
}
