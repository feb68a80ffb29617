// The browser entry of the photo editor's worker: one dedicated worker per
// open editor, created by `web/photos/editor/browser-editor-worker.ts`. It
// holds the photo being edited and draws it with WebGL on OffscreenCanvases;
// vite-plugin-comlink exposes every export of this module.
// See: [Note: A worker's API is declared once]

import type { EditorCalls } from "./editor-contract";
import { createEditorSession } from "./editor-session";

/**
 * The worker's animation frames: dedicated workers have requestAnimationFrame
 * (tied to the OffscreenCanvas's frames) in Chromium and Firefox; elsewhere
 * a timer at 60 Hz stands in.
 */
const requestFrame = (callback: () => void): void => {
  if (typeof requestAnimationFrame === "function") {
    requestAnimationFrame(() => {
      callback();
    });
  } else {
    setTimeout(callback, 1000 / 60);
  }
};

const session = createEditorSession({ requestFrame, nowMs: () => performance.now() });

export const open: EditorCalls["open"] = (source, previewCanvas) =>
  session.open(source, previewCanvas);
export const renderPreview: EditorCalls["renderPreview"] = (spec) => session.renderPreview(spec);
export const renderSwatches: EditorCalls["renderSwatches"] = (specs) =>
  session.renderSwatches(specs);
export const resizePreview: EditorCalls["resizePreview"] = (widthPx, heightPx) => {
  session.resizePreview(widthPx, heightPx);
};
export const renderFull: EditorCalls["renderFull"] = (spec, options) =>
  session.renderFull(spec, options);
export const close: EditorCalls["close"] = () => {
  session.close();
};
