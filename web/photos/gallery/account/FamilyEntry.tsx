import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import { useAppDefinition } from "../../../common/app/app-definition";
import { useRuntimeConfig } from "../../../common/config/runtime-config-context";
import { useMessageDialog } from "../../../common/dialog/dialog-state";
import { log } from "../../../common/log/log";
import { fetchFamiliesPortalURL } from "../../../common/redirect/families-portal";

/**
 * The settings' way to the family page, for everyone (to manage a family or
 * create one): a fresh families token, then the page.
 * See: [Note: The family page is opened with a families token]
 */
export function FamilyEntry({ details }: { details: UserDetailsView | undefined }) {
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
        <span className="cairn-settings__status">
          <FormattedMessage
            id={details.familyData === undefined ? "gallery.familyCreate" : "gallery.familyManage"}
          />
        </span>
      )}
    </button>
  );
}
