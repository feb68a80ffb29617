// The editor's renderer as the page holds it: a worker of its own, the
// preview canvas handed to it, kept at the stage's size in device pixels,
// and the specs to draw sent as they change (the worker draws the latest
// once a frame). See: [Note: The preview draws the latest spec once a frame]

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { SizePx } from "../../../shared/model/editor/image-turns";
import type { EditRenderSpec } from "../../../shared/model/editor/render-spec";
import type { EditorRefusal, FullRenderOptions } from "../../../workers/editor/editor-contract";
import { log } from "../../common/log/log";
import { type BrowserEditorWorker, startBrowserEditorWorker } from "./browser-editor-worker";

export type EditorOpening =
  | { kind: "opening" }
  | {
      kind: "opened";
      /** The photo as stored, before its EXIF orientation. */
      sourceWidthPx: number;
      sourceHeightPx: number;
      exifOrientation: number;
    }
  | { kind: "refused"; reason: EditorRefusal | "failed" };

export interface PreviewCanvasSize {
  /** The canvas's drawing size in device pixels. */
  canvasPx: SizePx;
  /** Device pixels per CSS pixel when it was measured. */
  devicePixelRatio: number;
}

export interface EditorRenderer {
  opening: EditorOpening;
  /** Whether the preview has been drawn once since the photo opened (until then the canvas is empty). */
  previewShown: boolean;
  /** Undefined until the stage has been measured. */
  canvasSize: PreviewCanvasSize | undefined;
  /** Draws `spec` at the next frame (a later spec replaces it). */
  drawPreview: (spec: EditRenderSpec) => void;
  /** Renders `spec` at full size and encodes it. */
  renderFull: (spec: EditRenderSpec, options: FullRenderOptions) => Promise<Blob>;
  /** Small renders of `specs` from the preview's copy, as PNGs. */
  renderSwatches: (specs: readonly EditRenderSpec[]) => Promise<Blob[]>;
}

const measure = (host: HTMLElement): PreviewCanvasSize => {
  const { width, height } = host.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  return {
    canvasPx: {
      widthPx: Math.max(1, Math.round(width * ratio)),
      heightPx: Math.max(1, Math.round(height * ratio)),
    },
    devicePixelRatio: ratio,
  };
};

/**
 * Opens `source` in a new editor worker drawing into a canvas made inside
 * `host` (a canvas can be handed over once, so each opening makes its own).
 * The worker and canvas go when `source` changes or the view unmounts.
 */
export function useEditorRenderer(
  source: Blob | undefined,
  host: RefObject<HTMLDivElement | null>,
): EditorRenderer {
  // Each answer names the photo it is about: a new photo is "opening" until its own answer.
  const [opened, setOpened] = useState<{ source: Blob; opening: EditorOpening }>();
  const [canvasSize, setCanvasSize] = useState<PreviewCanvasSize>();
  const [shownSource, setShownSource] = useState<Blob>();
  const opening: EditorOpening =
    opened !== undefined && opened.source === source ? opened.opening : { kind: "opening" };
  const previewShown = source !== undefined && shownSource === source;
  const workerRef = useRef<
    { worker: BrowserEditorWorker; source: Blob; open: boolean } | undefined
  >(undefined);

  useEffect(() => {
    const element = host.current;
    if (source === undefined || element === null) return;
    const worker = startBrowserEditorWorker();
    const held = { worker, source, open: false };
    workerRef.current = held;
    const canvas = document.createElement("canvas");
    canvas.className = "photo-editor__canvas";
    canvas.setAttribute("data-testid", "editor-canvas");
    const size = measure(element);
    canvas.width = size.canvasPx.widthPx;
    canvas.height = size.canvasPx.heightPx;
    element.append(canvas);
    let cancelled = false;
    let measured: PreviewCanvasSize | undefined;
    const sendSize = ({ canvasPx }: PreviewCanvasSize) => {
      worker.editor.resizePreview(canvasPx.widthPx, canvasPx.heightPx).catch((error: unknown) => {
        log.error("The editor could not resize its preview", error);
      });
    };

    // The observer answers once at once, then at each change of the stage's size.
    const resize = () => {
      const next = measure(element);
      if (
        measured !== undefined &&
        next.canvasPx.widthPx === measured.canvasPx.widthPx &&
        next.canvasPx.heightPx === measured.canvasPx.heightPx &&
        next.devicePixelRatio === measured.devicePixelRatio
      ) {
        return;
      }
      measured = next;
      setCanvasSize(next);
      if (held.open) sendSize(next);
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);

    worker.editor.open(source, canvas.transferControlToOffscreen()).then(
      (answer) => {
        if (cancelled) return;
        if (answer.kind === "refused") {
          setOpened({ source, opening: { kind: "refused", reason: answer.reason } });
          return;
        }
        held.open = true;
        // The stage may have changed while the photo decoded.
        sendSize(measured ?? size);
        setOpened({
          source,
          opening: {
            kind: "opened",
            sourceWidthPx: answer.widthPx,
            sourceHeightPx: answer.heightPx,
            exifOrientation: answer.exifOrientation,
          },
        });
      },
      (error: unknown) => {
        log.error("The editor could not open a photo", error);
        if (!cancelled) setOpened({ source, opening: { kind: "refused", reason: "failed" } });
      },
    );

    return () => {
      cancelled = true;
      observer.disconnect();
      workerRef.current = undefined;
      held.open = false;
      worker.editor
        .close()
        .catch(() => undefined)
        .finally(() => {
          worker.terminate();
        });
      canvas.remove();
    };
  }, [source, host]);

  const drawPreview = useCallback((spec: EditRenderSpec) => {
    const held = workerRef.current;
    if (held?.open !== true) return;
    held.worker.editor.renderPreview(spec).then(
      (outcome) => {
        if (outcome.kind === "drawn" && workerRef.current === held) setShownSource(held.source);
      },
      (error: unknown) => {
        log.error("The editor could not draw its preview", error);
      },
    );
  }, []);

  const renderFull = useCallback(
    async (spec: EditRenderSpec, options: FullRenderOptions): Promise<Blob> => {
      const held = workerRef.current;
      if (held?.open !== true) throw new Error("The editor has no photo open");
      return held.worker.editor.renderFull(spec, options);
    },
    [],
  );

  const renderSwatches = useCallback(async (specs: readonly EditRenderSpec[]): Promise<Blob[]> => {
    const held = workerRef.current;
    if (held?.open !== true) throw new Error("The editor has no photo open");
    return held.worker.editor.renderSwatches(specs);
  }, []);

  return { opening, previewShown, canvasSize, drawPreview, renderFull, renderSwatches };
}
