// The editor's "Crop & rotate" tab: the crop's ratio, the straighten slider,
// quarter turns and mirrors.

import { useIntl } from "react-intl";
import {
  type EditAspectChoice,
  editAspectChoices,
} from "../../../shared/model/editor/aspect-choices";
import {
  flipHorizontal,
  flipVertical,
  rotateQuarter,
  setAspect,
  setStraighten,
} from "../../../shared/model/editor/edit-state";
import { maxStraightenDeg } from "../../../shared/model/editor/straighten-geometry";
import type { MessageId } from "../../common/i18n/messages";
import { EditorSlider } from "./EditorSlider";
import {
  FlipHorizontalIcon,
  FlipVerticalIcon,
  RotateLeftIcon,
  RotateRightIcon,
} from "./editor-icons";
import type { EditorPanelProps } from "./use-edit-history";

const aspectLabels: Partial<Record<EditAspectChoice, MessageId>> = {
  free: "editor.aspect.free",
  original: "editor.aspect.original",
};

export function CropPanel({ state, edit }: EditorPanelProps) {
  const intl = useIntl();
  const turns: { label: MessageId; icon: React.ReactNode; run: () => void; testID: string }[] = [
    {
      label: "editor.rotateLeft",
      icon: <RotateLeftIcon />,
      testID: "editor-rotate-left",
      run: () => {
        edit.apply((current) => rotateQuarter(current, -1));
      },
    },
    {
      label: "editor.rotateRight",
      icon: <RotateRightIcon />,
      testID: "editor-rotate-right",
      run: () => {
        edit.apply((current) => rotateQuarter(current, 1));
      },
    },
    {
      label: "editor.flipHorizontal",
      icon: <FlipHorizontalIcon />,
      testID: "editor-flip-horizontal",
      run: () => {
        edit.apply(flipHorizontal);
      },
    },
    {
      label: "editor.flipVertical",
      icon: <FlipVerticalIcon />,
      testID: "editor-flip-vertical",
      run: () => {
        edit.apply(flipVertical);
      },
    },
  ];
  return (
    <>
      <section className="photo-editor__section">
        <h3 className="photo-editor__section-title">
          {intl.formatMessage({ id: "editor.aspect" })}
        </h3>
        <div
          className="photo-editor__chips"
          role="radiogroup"
          aria-label={intl.formatMessage({ id: "editor.aspect" })}
        >
          {editAspectChoices.map((choice) => {
            const labelID = aspectLabels[choice];
            return (
              <button
                key={choice}
                type="button"
                role="radio"
                aria-checked={state.aspect === choice}
                className="photo-editor__chip"
                data-testid={`editor-aspect-${choice}`}
                onClick={() => {
                  edit.apply((current) => setAspect(current, choice));
                }}
              >
                {labelID === undefined ? choice : intl.formatMessage({ id: labelID })}
              </button>
            );
          })}
        </div>
      </section>
      <section className="photo-editor__section">
        <EditorSlider
          label={intl.formatMessage({ id: "editor.straighten" })}
          value={state.straightenDeg}
          min={-maxStraightenDeg}
          max={maxStraightenDeg}
          step={0.1}
          neutral={0}
          valueText={intl.formatNumber(state.straightenDeg, {
            style: "unit",
            unit: "degree",
            unitDisplay: "narrow",
            maximumFractionDigits: 1,
          })}
          testID="editor-straighten"
          onChange={(degrees) => {
            edit.apply((current) => setStraighten(current, degrees), "straighten");
          }}
          onChangeEnd={edit.endGesture}
        />
      </section>
      <section className="photo-editor__section">
        <div className="photo-editor__turns">
          {turns.map(({ label, icon, run, testID }) => (
            <button
              key={label}
              type="button"
              className="photo-editor__tool"
              data-testid={testID}
              onClick={run}
            >
              {icon}
              <span>{intl.formatMessage({ id: label })}</span>
            </button>
          ))}
        </div>
      </section>
    </>
  );
}
