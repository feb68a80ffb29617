// The editor's "Adjust" tab: one slider per adjustment, in the model's order.

import { useIntl } from "react-intl";
import { setAdjustment } from "../../../shared/model/editor/edit-state";
import {
  type AdjustmentName,
  editAdjustmentNames,
  editAdjustmentRanges,
} from "../../../shared/model/editor/filter-presets";
import type { MessageId } from "../../common/i18n/messages";
import { EditorSlider } from "./EditorSlider";
import type { EditorPanelProps } from "./use-edit-history";

const adjustmentLabels: Record<AdjustmentName, MessageId> = {
  exposure: "editor.adjust.exposure",
  brightness: "editor.adjust.brightness",
  contrast: "editor.adjust.contrast",
  highlights: "editor.adjust.highlights",
  shadows: "editor.adjust.shadows",
  saturation: "editor.adjust.saturation",
  warmth: "editor.adjust.warmth",
};

export function AdjustPanel({ state, edit }: EditorPanelProps) {
  const intl = useIntl();
  return (
    <section className="photo-editor__section">
      {editAdjustmentNames.map((name) => {
        const range = editAdjustmentRanges[name];
        const value = state.adjustments[name];
        return (
          <EditorSlider
            key={name}
            label={intl.formatMessage({ id: adjustmentLabels[name] })}
            value={value}
            min={range.min}
            max={range.max}
            step={range.step}
            neutral={range.default}
            valueText={intl.formatNumber(value, { signDisplay: "exceptZero" })}
            testID={`editor-adjust-${name}`}
            onChange={(next) => {
              edit.apply((current) => setAdjustment(current, name, next), `adjust:${name}`);
            }}
            onChangeEnd={edit.endGesture}
          />
        );
      })}
    </section>
  );
}
