// The editor worker's service: one photo at a time, decoded as stored, its
// preview copy on the GPU, frames coalesced, full renders on demand. The
// entry (editor.worker.ts) only exports its calls.

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";
import type {
  EditorCalls,
  EditorGlVersion,
  EditorOpenAnswer,
  PreviewFrameOutcome,
} from "./editor-contract";
import { EditorGpuLostError, EditorGpuUnavailableError } from "./editor-errors";
import { renderFullImage } from "./full-render";
import { renderSwatches } from "./swatch-render";
import { type EditorGl, createEditorGl } from "./gl-renderer";
import { type PreviewFrames, createPreviewFrames } from "./preview-frames";
import { type PreviewSource, drawPreview, uploadPreviewSource } from "./preview-renderer";
import { type RenderLimits, renderLimitsFor } from "./render-limits";
import { orientationHeadBytes, storedOrientation } from "./stored-orientation";
import { type PreviewSizing, createPreviewSizing } from "./preview-sizing";

export interface EditorSessionDeps {
  /** Calls back once at the next animation frame. */
  requestFrame: (callback: () => void) => void;
  nowMs: () => number;
  /** The contexts tried, in order (the tests force WebGL). */
  glVersions?: readonly EditorGlVersion[];
  /** Limits below the defaults (the tests force tiling with a small source region). */
  limits?: Partial<RenderLimits>;
  /** Calls back once after `delayMs` (the full-size frame after a drag); `setTimeout` by default. */
  setTimer?: (callback: () => void, delayMs: number) => () => void;
}

const defaultTimer = (callback: () => void, delayMs: number) => {
  const timer = setTimeout(callback, delayMs);
  return () => {
    clearTimeout(timer);
  };
};

interface Opened {
  canvas: OffscreenCanvas;
  sizing: PreviewSizing;
  gl: EditorGl;
  photo: ImageBitmap;
  preview: PreviewSource;
  frames: PreviewFrames<EditRenderSpec>;
  limits: RenderLimits;
}

/**
 * `blob` decoded as stored, before its EXIF orientation, and that orientation.
 * See: [Note: The editor decodes a photo as stored]
 */
const decodeAsStored = async (
  blob: Blob,
): Promise<{ photo: ImageBitmap; exifOrientation: number }> => {
  const head = new Uint8Array(await blob.slice(0, orientationHeadBytes).arrayBuffer());
  const { asStoredHead, exifOrientation } = storedOrientation(head);
  const asStored =
    asStoredHead === undefined
      ? blob
      : new Blob([asStoredHead as Uint8Array<ArrayBuffer>, blob.slice(head.length)], {
          type: blob.type,
        });
  // Its orientation is now 1, so the browser's reading of `imageOrientation` does not matter.
  return { photo: await createImageBitmap(asStored), exifOrientation };
};

export const createEditorSession = (deps: EditorSessionDeps): EditorCalls => {
  let opened: Opened | undefined;

  const ensureOpen = (): Opened => {
    if (opened === undefined) throw new Error("The editor has no photo open");
    if (opened.gl.isLost()) throw new EditorGpuLostError();
    return opened;
  };

  const close = () => {
    if (opened === undefined) return;
    const { frames, gl, photo, sizing } = opened;
    opened = undefined;
    sizing.stop();
    frames.stop();
    gl.dispose();
    photo.close();
  };

  const open = async (source: Blob, canvas: OffscreenCanvas): Promise<EditorOpenAnswer> => {
    close();
    let gl: EditorGl;
    try {
      gl = createEditorGl(canvas, deps.glVersions);
    } catch (error) {
      if (error instanceof EditorGpuUnavailableError)
        return { kind: "refused", reason: "no-webgl" };
      throw error;
    }
    let photo: ImageBitmap;
    let exifOrientation: number;
    try {
      ({ photo, exifOrientation } = await decodeAsStored(source));
    } catch {
      gl.dispose();
      return { kind: "refused", reason: "undecodable" };
    }
    const limits = renderLimitsFor(gl.maxTextureSizePx, deps.limits);
    const preview = await uploadPreviewSource(gl, photo, limits.previewSourceSidePx);
    // The full-size frame after a drag is the frames' redraw (made just below).
    const sizing = createPreviewSizing(
      {
        nowMs: deps.nowMs,
        setTimer: deps.setTimer ?? defaultTimer,
        redraw: () => {
          frames.redraw();
        },
      },
      { widthPx: canvas.width, heightPx: canvas.height },
    );
    const frames = createPreviewFrames<EditRenderSpec>({
      requestFrame: deps.requestFrame,
      nowMs: deps.nowMs,
      draw: (spec) => {
        if (gl.isLost()) return 1;
        // See: [Note: The preview drafts while a slider moves]
        const { widthPx, heightPx, scale } = sizing.frameSize();
        if (canvas.width !== widthPx || canvas.height !== heightPx) {
          canvas.width = widthPx;
          canvas.height = heightPx;
        }
        drawPreview(gl, { widthPx, heightPx }, preview, spec);
        return scale;
      },
    });
    opened = { canvas, sizing, gl, photo, preview, frames, limits };
    return {
      kind: "opened",
      widthPx: photo.width,
      heightPx: photo.height,
      exifOrientation,
      gl: gl.version,
    };
  };

  return {
    open,
    renderPreview: (spec): Promise<PreviewFrameOutcome> => ensureOpen().frames.request(spec),
    resizePreview: (widthPx, heightPx) => {
      const { sizing, frames } = ensureOpen();
      sizing.setFullSize(widthPx, heightPx);
      frames.redraw();
    },
    renderSwatches: (specs) => {
      const { gl, preview } = ensureOpen();
      return renderSwatches(gl, preview, specs);
    },
    renderFull: (spec, options) => {
      const { gl, photo, limits } = ensureOpen();
      return renderFullImage(gl, photo, spec, options, limits);
    },
    close,
  };
};
