// The settings' "Search": this device's indexing switch, its progress, and
// whether searching by description works on this server (CLIP's models).

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { SearchClient } from "../../../common/library/search-client";
import { log } from "../../../common/log/log";
import { storeIndexingChoice, storedIndexingChoice } from "../../../common/library/indexing-choice";
import { SettingSwitch } from "../account/SettingSwitch";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import { IndexingProgress } from "./IndexingProgress";

export function SearchSettings({
  client,
  status,
}: {
  client: SearchClient | undefined;
  /** Indexing's status, as the page last asked it. */
  status: MLStatus | undefined;
}) {
  const [enabled, setEnabled] = useState(storedIndexingChoice);
  const shown = status === undefined ? undefined : { ...status, enabled };
  return (
    <>
      <SettingSwitch
        labelID="gallery.settings.indexing"
        descriptionID="gallery.settings.indexing.description"
        checked={enabled}
        onChange={(next) => {
          setEnabled(next);
          storeIndexingChoice(next);
          client?.setIndexingEnabled(next).catch((e: unknown) => {
            log.error("Could not change indexing", e);
          });
        }}
        testID="settings-indexing"
      />
      {shown !== undefined && <IndexingProgress status={shown} placement="settings" />}
      {status?.clip !== undefined && (
        <p className="cairn-settings__note" data-testid="settings-semantic-search">
          <FormattedMessage
            id={
              status.clip.available ? "gallery.settings.semanticOn" : "gallery.settings.semanticOff"
            }
          />
        </p>
      )}
    </>
  );
}
