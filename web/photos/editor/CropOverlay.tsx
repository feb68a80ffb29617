// The crop rectangle over the editor's preview of the whole frame: the photo
// outside it dimmed, a rule-of-thirds grid inside, handles on its edges and
// corners, and the inside to move it. A drag reports its total move since it
// began, in fractions of the frame (the model applies it to the crop as it
// was then). Arrow keys move the focused crop by a hundredth of the frame.

import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useIntl } from "react-intl";
import { type CropHandle, cropHandles } from "../../../shared/model/editor/crop-drag";
import type { EditCropNorm } from "../../../shared/model/editor/crop-frame";
import type { PreviewRectPx } from "../../../shared/model/editor/preview-fit";

export interface CropOverlayProps {
  /** Where the frame is shown in the stage, in CSS pixels. */
  frameRect: PreviewRectPx;
  crop: EditCropNorm;
  /** A drag of `handle` by (dxNorm, dyNorm) in all since it began. */
  onDrag: (handle: CropHandle, dxNorm: number, dyNorm: number) => void;
  onDragEnd: () => void;
}

const edgeHandles = ["n", "s", "e", "w", "ne", "nw", "se", "sw"] as const;

/** The handle an element stands for (its `data-handle`). */
const handleOf = (element: HTMLElement): CropHandle | undefined =>
  cropHandles.find((handle) => handle === element.dataset.handle);

/** A keyboard step: one hundredth of the frame. */
const keyStepNorm = 0.01;

const arrowMoves: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function CropOverlay({ frameRect, crop, onDrag, onDragEnd }: CropOverlayProps) {
  const intl = useIntl();
  const drag = useRef<{ handle: CropHandle; x: number; y: number; pointerID: number }>(undefined);
  const keyMove = useRef<[number, number]>([0, 0]);

  const start = (event: PointerEvent<HTMLElement>) => {
    const handle = handleOf(event.currentTarget);
    if (event.button !== 0 || handle === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { handle, x: event.clientX, y: event.clientY, pointerID: event.pointerId };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (current?.pointerID !== event.pointerId) return;
    onDrag(
      current.handle,
      (event.clientX - current.x) / frameRect.widthPx,
      (event.clientY - current.y) / frameRect.heightPx,
    );
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerID !== event.pointerId) return;
    drag.current = undefined;
    onDragEnd();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const arrow = arrowMoves[event.key];
    if (arrow === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const [dx, dy] = keyMove.current;
    keyMove.current = [dx + arrow[0] * keyStepNorm, dy + arrow[1] * keyStepNorm];
    onDrag("move", keyMove.current[0], keyMove.current[1]);
  };
  const onKeyUp = () => {
    keyMove.current = [0, 0];
    onDragEnd();
  };

  const box = {
    left: frameRect.xPx + crop.leftNorm * frameRect.widthPx,
    top: frameRect.yPx + crop.topNorm * frameRect.heightPx,
    width: crop.widthNorm * frameRect.widthPx,
    height: crop.heightNorm * frameRect.heightPx,
  };

  return (
    <div className="photo-editor__crop-layer">
      <div
        className="photo-editor__crop-box"
        style={box}
        role="group"
        tabIndex={0}
        aria-label={intl.formatMessage({ id: "editor.crop.box" })}
        data-testid="editor-crop-box"
        data-handle="move"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
      >
        <span className="photo-editor__crop-grid" aria-hidden="true" />
        {edgeHandles.map((handle) => (
          <span
            key={handle}
            className={`photo-editor__crop-handle photo-editor__crop-handle--${handle}`}
            data-testid={`editor-crop-handle-${handle}`}
            aria-hidden="true"
            data-handle={handle}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          />
        ))}
      </div>
    </div>
  );
}
