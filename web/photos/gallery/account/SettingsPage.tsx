// `/gallery/settings`: the account and the app's settings on one page, in
// sections people scan for: the account (email, password), storage and plan
// (with the family), security (two-factor, passkeys), the devices logged in,
// appearance (language, theme, square tiles or photos at their own shape), the library (whether photos others share
// appear in the timeline, how long the trash keeps files, the map, the
// duplicates, the export to a folder), then logout and account deletion.

import { useAtom } from "jotai";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { trashRetentionDays } from "../../../../shared/model/library/trash-retention";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import type { MessageId } from "../../../common/i18n/messages";
import { LanguagePicker } from "../../../common/i18n/LanguagePicker";
import { ThemeSwitch } from "../../../common/theme/ThemeSwitch";
import { Button } from "../../../common/ui/Button";
import { useViewChoices } from "../../../common/library/library-state";
import { gridTileShapeAtom, storeGridTileShape } from "../grid/grid-tile-shape";
import { FamilyEntry } from "./FamilyEntry";
import { SettingSwitch } from "./SettingSwitch";
import { SessionsSection } from "./SessionsSection";
import { AboutSection } from "./AboutSection";
import { SearchSettings } from "../search/SearchSettings";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import type { SearchClient } from "../../../common/library/search-client";
import { StorageUsage } from "./StorageUsage";
import { ExportEntry } from "../../export/ExportEntry";
import { MapSettingSwitch } from "../../map/MapSettingSwitch";
import { FaceIndexingSettingSwitch } from "../../people/FaceIndexingSettingSwitch";
import "./settings.css";

export interface SettingsPageProps {
  details: UserDetailsView | undefined;
  /** Passkeys are managed in the accounts app. */
  onOpenPasskeys: () => void;
  /** The plans of this server (the payments page), when the app has one. */
  onOpenPlans?: (() => void) | undefined;
  loggingOut: boolean;
  onLogout: () => void;
  onDeleteAccount: () => void;
  /** The search's calls (indexing's switch). */
  searchClient?: SearchClient | undefined;
  /** Indexing's status, as the page last asked it. */
  indexing?: MLStatus | undefined;
}

function Section({ titleID, children }: { titleID: MessageId; children: ReactNode }) {
  return (
    <section className="cairn-settings__section">
      <h2 className="cairn-settings__heading">
        <FormattedMessage id={titleID} />
      </h2>
      <div className="cairn-settings__rows">{children}</div>
    </section>
  );
}

function Status({ children }: { children: ReactNode }) {
  return <span className="cairn-settings__status">{children}</span>;
}

export function SettingsPage({
  details,
  onOpenPasskeys,
  onOpenPlans,
  loggingOut,
  onLogout,
  onDeleteAccount,
  searchClient,
  indexing,
}: SettingsPageProps) {
  const intl = useIntl();
  const [viewChoices, chooseViews] = useViewChoices();
  const [tileShape, setTileShape] = useAtom(gridTileShapeAtom);
  return (
    <div className="cairn-settings" data-testid="settings-page">
      <h1 className="cairn-settings__title">
        <FormattedMessage id="gallery.nav.settings" />
      </h1>
      <Section titleID="gallery.account">
        <p className="cairn-settings__email" data-testid="settings-email">
          {details?.email ?? "…"}
        </p>
        <Link to="/change-email">
          <FormattedMessage id="route.changeEmail" />
        </Link>
        <Link to="/change-password">
          <FormattedMessage id="route.changePassword" />
        </Link>
      </Section>
      <Section titleID="gallery.storage">
        {details && <StorageUsage details={details} testID="settings-storage" underHeading />}
        {onOpenPlans !== undefined && (
          <button type="button" onClick={onOpenPlans}>
            <FormattedMessage id="payments.open" />
          </button>
        )}
        <FamilyEntry details={details} />
      </Section>
      <Section titleID="gallery.settings.security">
        <Link to="/two-factor/setup">
          <FormattedMessage id="gallery.twoFactor" />
          {details && (
            <Status>
              <FormattedMessage id={details.isTwoFactorEnabled ? "gallery.on" : "gallery.off"} />
            </Status>
          )}
        </Link>
        <button type="button" onClick={onOpenPasskeys}>
          <FormattedMessage id="route.passkeys" />
          {details && details.passkeyCount > 0 && <Status>{details.passkeyCount}</Status>}
        </button>
      </Section>
      <Section titleID="gallery.settings.sessions">
        <SessionsSection />
      </Section>
      <Section titleID="gallery.settings.appearance">
        <div className="cairn-settings__row">
          <span>{intl.formatMessage({ id: "shell.language" })}</span>
          <LanguagePicker />
        </div>
        <div className="cairn-settings__row">
          <span>{intl.formatMessage({ id: "shell.theme" })}</span>
          <ThemeSwitch />
        </div>
        <SettingSwitch
          labelID="gallery.settings.ownShapeTiles"
          descriptionID="gallery.settings.ownShapeTiles.description"
          checked={tileShape === "own-shape"}
          onChange={(ownShape) => {
            const shape = ownShape ? "own-shape" : "square";
            setTileShape(shape);
            storeGridTileShape(shape);
          }}
          testID="settings-own-shape-tiles"
        />
      </Section>
      <Section titleID="gallery.settings.library">
        <SettingSwitch
          labelID="gallery.settings.sharedInTimeline"
          descriptionID="gallery.settings.sharedInTimeline.description"
          checked={viewChoices.sharedInTimeline}
          onChange={(sharedInTimeline) => {
            chooseViews({ ...viewChoices, sharedInTimeline });
          }}
          testID="settings-shared-in-timeline"
        />
        <p className="cairn-settings__note" data-testid="settings-trash-retention">
          <FormattedMessage
            id="gallery.settings.trashRetention"
            values={{ days: trashRetentionDays }}
          />
        </p>
        <MapSettingSwitch />
        <FaceIndexingSettingSwitch />
        <Link to="/deduplicate" data-testid="settings-deduplicate">
          <FormattedMessage id="route.deduplicate" />
        </Link>
        <ExportEntry />
      </Section>
      <Section titleID="gallery.settings.search">
        <SearchSettings client={searchClient} status={indexing} />
      </Section>
      <Section titleID="gallery.settings.about">
        <AboutSection />
      </Section>
      <div className="cairn-settings__actions">
        <Button variant="secondary" busy={loggingOut} onClick={onLogout}>
          <FormattedMessage id="gallery.logout" />
        </Button>
        <button type="button" className="cairn-settings__delete" onClick={onDeleteAccount}>
          <FormattedMessage id="account.delete.open" />
        </button>
      </div>
    </div>
  );
}
