// A setting that is on or off: its name and what it does, with a switch
// (a checkbox a screen reader announces as a switch).

import { useId } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "../../../common/i18n/messages";
import "./settings.css";

export function SettingSwitch({
  labelID,
  descriptionID,
  checked,
  onChange,
  testID,
}: {
  labelID: MessageId;
  descriptionID: MessageId;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testID: string;
}) {
  const descriptionElementID = useId();
  return (
    <label className="cairn-settings__row cairn-settings__switch-row">
      <span className="cairn-settings__switch-text">
        <FormattedMessage id={labelID} />
        <span id={descriptionElementID} className="cairn-settings__switch-description">
          <FormattedMessage id={descriptionID} />
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="cairn-settings__switch"
        data-testid={testID}
        aria-describedby={descriptionElementID}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
    </label>
  );
}
