// One labelled slider of the editor: its name, its value as a number, and a
// range input. A drag (or a run of arrow presses) is one undo step; a
// double-click puts it back to its neutral value.

import { useId } from "react";

export interface EditorSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  neutral: number;
  /** The value as shown beside the name (e.g. "−12" or "4.5°"). */
  valueText: string;
  testID: string;
  onChange: (value: number) => void;
  onChangeEnd: () => void;
}

export function EditorSlider({
  label,
  value,
  min,
  max,
  step,
  neutral,
  valueText,
  testID,
  onChange,
  onChangeEnd,
}: EditorSliderProps) {
  const id = useId();
  return (
    <div className="photo-editor__slider" data-changed={value !== neutral ? "true" : undefined}>
      <div className="photo-editor__slider-head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className="photo-editor__slider-value">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        data-testid={testID}
        onChange={(event) => {
          onChange(Number(event.currentTarget.value));
        }}
        onPointerUp={onChangeEnd}
        onKeyUp={onChangeEnd}
        onBlur={onChangeEnd}
        onDoubleClick={() => {
          onChange(neutral);
          onChangeEnd();
        }}
      />
    </div>
  );
}
