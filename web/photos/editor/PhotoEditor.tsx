// The photo editor over the viewer: the edited photo drawn by the editor's
// worker, the crop's handles over it in the crop tab, the three tabs of
// controls, undo and redo, and saving as a copy (or replacing the original,
// or downloading the result). Closing with changes asks first (spec §2's
// "confirm closing the editor"), and leaving the page warns the browser's way.

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { FormattedMessage, useIntl } from "react-intl";
import { wholeCropNorm } from "../../../shared/model/editor/crop-frame";
import {
  type EditState,
  dragCropHandle,
  flipHorizontal,
  flipVertical,
  initialEditState,
  isUnchanged,
  reset,
  rotateQuarter,
} from "../../../shared/model/editor/edit-state";
import { previewFitRect } from "../../../shared/model/editor/preview-fit";
import { renderSpecOf } from "../../../shared/model/editor/render-spec-of";
import { CloseIcon } from "../../common/brand/icons";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { useFocusTrap } from "../../common/dialog/focus-trap";
import type { MessageId } from "../../common/i18n/messages";
import type { EditedCopyClient } from "../../common/library/edited-copy-client";
import { Button } from "../../common/ui/Button";
import { MenuButton, type MenuButtonItem } from "../../common/ui/MenuButton";
import { MoreIcon } from "../gallery/viewer/viewer-icons";
import { AdjustPanel } from "./AdjustPanel";
import { CropOverlay } from "./CropOverlay";
import { CropPanel } from "./CropPanel";
import { FiltersPanel } from "./FiltersPanel";
import { type EditorCommand, editorCommandOfKey } from "./editor-keys";
import { RedoIcon, ResetIcon, UndoIcon } from "./editor-icons";
import { useEditHistory } from "./use-edit-history";
import { useEditorRenderer } from "./use-editor-renderer";
import { useFilterSwatches } from "./use-filter-swatches";
import { type SaveMode, useSaveEdit } from "./use-save-edit";
import { useSaveFeedback } from "./use-save-feedback";
import "./photo-editor.css";

export type EditorTab = "crop" | "adjust" | "filters";

const tabs: { tab: EditorTab; label: MessageId }[] = [
  { tab: "crop", label: "editor.tab.crop" },
  { tab: "adjust", label: "editor.tab.adjust" },
  { tab: "filters", label: "editor.tab.filters" },
];

export interface PhotoEditorProps {
  originalFileID: number;
  /** The view the viewer shows the photo in (its album gets the copy first). */
  viewID: number;
  /** The photo's shown name. */
  shownName: string;
  /** Whether the user owns the photo (only then can the copy replace it). */
  isOwn: boolean;
  /** The image the viewer shows, at full size (a HEIC's or RAW's display JPEG). */
  source: Blob | undefined;
  /** Undefined where the library takes no copy: the editor then only downloads. */
  copies: EditedCopyClient | undefined;
  onClose: () => void;
  /** A copy was saved (the viewer may show it). */
  onSaved: (fileID: number) => void;
}

/** An icon button of the editor's bar, named by its label (also its tooltip). */
function BarButton({
  label,
  testID,
  disabled,
  onClick,
  children,
}: {
  label: string;
  testID: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="photo-editor__icon-button"
      aria-label={label}
      title={label}
      data-testid={testID}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function PhotoEditor({
  originalFileID,
  viewID,
  shownName,
  isOwn,
  source,
  copies,
  onClose,
  onSaved,
}: PhotoEditorProps) {
  const intl = useIntl();
  const { showMessageDialog } = useMessageDialog();
  const rootRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  useFocusTrap(rootRef);
  const renderer = useEditorRenderer(source, hostRef);
  const { opening, previewShown, canvasSize, drawPreview } = renderer;
  const edit = useEditHistory();
  const { state } = edit;
  const [tab, setTab] = useState<EditorTab>("crop");
  const { phase, save } = useSaveEdit({ originalFileID, viewID, shownName, renderer, copies });
  const saving = phase.kind !== "idle";
  const feedback = useSaveFeedback({ onSaved, onClose });

  const { start } = edit;
  useEffect(() => {
    if (opening.kind !== "opened") return;
    start(initialEditState(opening.sourceWidthPx, opening.sourceHeightPx, opening.exifOrientation));
  }, [opening, start]);

  // The crop tab shows the whole frame with the crop over it; the others show the result.
  const shownState = useMemo(
    (): EditState | undefined =>
      state === undefined ? undefined : tab === "crop" ? { ...state, crop: wholeCropNorm } : state,
    [state, tab],
  );
  const previewSpec = useMemo(() => {
    if (shownState === undefined || canvasSize === undefined) return undefined;
    const { widthPx, heightPx } = canvasSize.canvasPx;
    return renderSpecOf(shownState, { maxOutputSidePx: Math.max(widthPx, heightPx) });
  }, [shownState, canvasSize]);
  useEffect(() => {
    if (previewSpec !== undefined) drawPreview(previewSpec);
  }, [previewSpec, drawPreview]);

  const frameRect = useMemo(() => {
    if (previewSpec === undefined || canvasSize === undefined) return undefined;
    const rect = previewFitRect(canvasSize.canvasPx, {
      widthPx: previewSpec.outputWidthPx,
      heightPx: previewSpec.outputHeightPx,
    });
    const ratio = canvasSize.devicePixelRatio;
    return {
      xPx: rect.xPx / ratio,
      yPx: rect.yPx / ratio,
      widthPx: rect.widthPx / ratio,
      heightPx: rect.heightPx / ratio,
    };
  }, [previewSpec, canvasSize]);

  const changed = state !== undefined && !isUnchanged(state);
  const swatches = useFilterSwatches(renderer, state, tab === "filters" && previewShown);

  // Leaving the page with changes: the browser asks.
  useEffect(() => {
    if (!changed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [changed]);

  const requestClose = () => {
    if (saving) return;
    if (!changed) {
      onClose();
      return;
    }
    showMessageDialog({
      title: <FormattedMessage id="editor.close.title" />,
      message: <FormattedMessage id="editor.close.message" />,
      proceed: {
        label: <FormattedMessage id="editor.close.discard" />,
        variant: "critical",
        action: onClose,
      },
    });
  };

  const runSave = (mode: SaveMode) => {
    if (state === undefined || saving) return;
    save(state, mode).then(feedback.finished, feedback.failed);
  };

  const confirmReplace = () => {
    showMessageDialog({
      title: <FormattedMessage id="editor.replace.title" />,
      message: <FormattedMessage id="editor.replace.message" />,
      proceed: {
        label: <FormattedMessage id="editor.replace.confirm" />,
        variant: "accent",
        action: () => {
          runSave("replace");
        },
      },
    });
  };

  const canSaveCopy = copies !== undefined;
  const primarySave: SaveMode = canSaveCopy ? "copy" : "download";
  const moreItems: MenuButtonItem[] = [
    ...(canSaveCopy && isOwn
      ? [{ key: "replace", label: "editor.save.replace" as const, run: confirmReplace }]
      : []),
    ...(canSaveCopy
      ? [
          {
            key: "download",
            label: "editor.save.download" as const,
            run: () => {
              runSave("download");
            },
          },
        ]
      : []),
  ];

  const run = (command: EditorCommand) => {
    if (command === "close") {
      requestClose();
      return;
    }
    if (state === undefined || saving) return;
    switch (command) {
      case "undo":
        edit.undo();
        return;
      case "redo":
        edit.redo();
        return;
      case "save":
        runSave(primarySave);
        return;
      case "rotate-left":
        edit.apply((current) => rotateQuarter(current, -1));
        return;
      case "rotate-right":
        edit.apply((current) => rotateQuarter(current, 1));
        return;
      case "flip-horizontal":
        edit.apply(flipHorizontal);
        return;
      case "flip-vertical":
        edit.apply(flipVertical);
        return;
      case "reset":
        edit.apply(reset);
        return;
      case "tab-crop":
        setTab("crop");
        return;
      case "tab-adjust":
        setTab("adjust");
        return;
      case "tab-filters":
        setTab("filters");
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The editor's keys are its own: the viewer under it hears none of them.
    event.stopPropagation();
    const command = editorCommandOfKey(event);
    if (command === undefined) return;
    event.preventDefault();
    run(command);
  };

  const label = (id: MessageId) => intl.formatMessage({ id });
  const ready = state !== undefined && opening.kind === "opened";
  // Until its first frame the canvas is empty: the photo is still "opening".
  const showing = ready && previewShown;

  return createPortal(
    <div
      ref={rootRef}
      className="photo-editor"
      role="dialog"
      aria-modal="true"
      aria-label={intl.formatMessage({ id: "editor.label" }, { name: shownName })}
      tabIndex={-1}
      data-testid="photo-editor"
      data-changed={changed ? "true" : undefined}
      data-preview-shown={showing ? "true" : undefined}
      onKeyDown={onKeyDown}
    >
      <header className="photo-editor__bar">
        <BarButton label={label("editor.close")} testID="editor-close" onClick={requestClose}>
          <CloseIcon size={22} />
        </BarButton>
        <div className="photo-editor__heading">
          <span className="photo-editor__title">{label("editor.title")}</span>
          <span className="photo-editor__name">{shownName}</span>
        </div>
        <BarButton
          label={label("editor.undo")}
          testID="editor-undo"
          disabled={!edit.canUndo || saving}
          onClick={edit.undo}
        >
          <UndoIcon />
        </BarButton>
        <BarButton
          label={label("editor.redo")}
          testID="editor-redo"
          disabled={!edit.canRedo || saving}
          onClick={edit.redo}
        >
          <RedoIcon />
        </BarButton>
        <BarButton
          label={label("editor.reset")}
          testID="editor-reset"
          disabled={!changed || saving}
          onClick={() => {
            run("reset");
          }}
        >
          <ResetIcon />
        </BarButton>
        <Button
          variant="accent"
          className="photo-editor__save"
          busy={saving}
          disabled={!ready}
          data-testid="editor-save"
          onClick={() => {
            runSave(primarySave);
          }}
        >
          {label(canSaveCopy ? "editor.save.copy" : "editor.save.download")}
        </Button>
        {moreItems.length > 0 && (
          <div className="photo-editor__more" data-disabled={!ready || saving ? "true" : undefined}>
            <MenuButton
              label={label("editor.save.more")}
              icon={<MoreIcon />}
              buttonClassName="photo-editor__icon-button"
              items={moreItems}
              alignEnd
            />
          </div>
        )}
      </header>
      <div className="photo-editor__body">
        <div className="photo-editor__stage">
          <div ref={hostRef} className="photo-editor__canvas-host" />
          {tab === "crop" && showing && frameRect !== undefined && !saving && (
            <CropOverlay
              frameRect={frameRect}
              crop={state.crop}
              onDrag={(handle, dxNorm, dyNorm) => {
                edit.apply(
                  (current) => dragCropHandle(current, handle, dxNorm, dyNorm),
                  `crop:${handle}`,
                );
              }}
              onDragEnd={edit.endGesture}
            />
          )}
          {(opening.kind === "opening" || (opening.kind === "opened" && !showing)) && (
            <div className="photo-editor__notice" role="status">
              <span className="photo-editor__spinner" aria-hidden="true" />
              {label("editor.opening")}
            </div>
          )}
          {opening.kind === "refused" && (
            <div className="photo-editor__notice" role="alert" data-testid="editor-refused">
              {label(opening.reason === "no-webgl" ? "editor.noWebgl" : "editor.undecodable")}
              <Button variant="secondary" onClick={onClose}>
                {label("action.close")}
              </Button>
            </div>
          )}
          {saving && (
            <div className="photo-editor__notice" role="status" data-testid="editor-saving">
              <span className="photo-editor__spinner" aria-hidden="true" />
              {phase.kind === "uploading"
                ? intl.formatMessage(
                    { id: "editor.saving.upload" },
                    { percent: intl.formatNumber(phase.percent / 100, { style: "percent" }) },
                  )
                : label(phase.mode === "download" ? "editor.saving.download" : "editor.saving")}
            </div>
          )}
        </div>
        <aside className="photo-editor__panel" aria-label={label("editor.controls")}>
          <div className="photo-editor__tabs" role="tablist">
            {tabs.map(({ tab: each, label: tabLabel }) => (
              <button
                key={each}
                type="button"
                role="tab"
                id={`photo-editor-tab-${each}`}
                aria-selected={tab === each}
                aria-controls="photo-editor-tabpanel"
                className="photo-editor__tab"
                data-testid={`editor-tab-${each}`}
                onClick={() => {
                  setTab(each);
                }}
              >
                {label(tabLabel)}
              </button>
            ))}
          </div>
          <div
            id="photo-editor-tabpanel"
            role="tabpanel"
            aria-labelledby={`photo-editor-tab-${tab}`}
            className="photo-editor__tabpanel"
            data-disabled={!ready || saving ? "true" : undefined}
          >
            {ready && tab === "crop" && <CropPanel state={state} edit={edit} />}
            {ready && tab === "adjust" && <AdjustPanel state={state} edit={edit} />}
            {ready && tab === "filters" && (
              <FiltersPanel state={state} edit={edit} swatches={swatches} />
            )}
          </div>
        </aside>
      </div>
    </div>,
    document.body,
  );
}
