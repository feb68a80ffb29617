// The settings' face indexing switch: on turns it on at once (the switch's
// description says faces are found on this device), off asks first (this
// device's faces are removed). While it runs, where it stands, and which
// face models find the faces (see: [Note: Face engines]).

import { FormattedMessage } from "react-intl";
import type { FaceEngineName } from "../../../workers/ml/faces/face-engines";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { MessageId } from "../../common/i18n/messages";
import { log } from "../../common/log/log";
import { SettingSwitch } from "../gallery/account/SettingSwitch";
import { FaceIndexingPhase } from "./FaceIndexingPhase";
import { usePagePeopleClient } from "./people-client-context";
import { useFaceIndexingSetting } from "./use-face-indexing-setting";
import { usePeopleAnswer } from "./use-people-answer";

const engineMessageIDs: Record<FaceEngineName, MessageId> = {
  "blazeface-faceres": "people.settings.engine.builtIn",
  "yolov5face-mobilefacenet": "people.settings.engine.reference",
};

export function FaceIndexingSettingSwitch() {
  const client = usePagePeopleClient();
  const { showErrorDialog } = useMessageDialog();
  const setting = useFaceIndexingSetting(client);
  const { answer, refresh } = usePeopleAnswer(
    setting.enabled === true ? client : undefined,
    undefined,
  );
  return (
    <>
      <SettingSwitch
        labelID="people.settings.title"
        descriptionID="people.settings.description"
        checked={setting.enabled === true}
        onChange={(on) => {
          if (!on) {
            setting.askToDisable();
            return;
          }
          setting
            .enable()
            .then(refresh)
            .catch((e: unknown) => {
              log.error("Could not enable face indexing", e);
              showErrorDialog();
            });
        }}
        testID="settings-face-indexing"
      />
      {setting.enabled === true && answer?.status.enabled === true && (
        <FaceIndexingPhase status={answer.status} className="cairn-settings__note" />
      )}
      {setting.enabled === true && answer?.status.engine !== undefined && (
        <p className="cairn-settings__note" data-testid="face-indexing-engine">
          <FormattedMessage id={engineMessageIDs[answer.status.engine]} />
        </p>
      )}
    </>
  );
}
