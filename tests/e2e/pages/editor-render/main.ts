// The editor render test page: the editor's session in a test worker (with
// forced limits), and the real editor worker through the photos app's
// starter, drawing its preview into a canvas of this page.

import { fromB64 } from "../../../../shared/crypto/base64";
import type { EditRenderSpec } from "../../../../shared/model/editor/render-spec";
import type { EditorOpenAnswer } from "../../../../workers/editor/editor-contract";
import { startBrowserEditorWorker } from "../../../../web/photos/editor/browser-editor-worker";
import type { RenderAnswer, SessionOptions } from "./editor-render.worker";
import { type RawPixels, pixelsOf, pngOf } from "./pixels";

export interface PreviewRead {
  opened: EditorOpenAnswer;
  outcome: string;
  /** The canvas's pixels once they matched `expected`, or the last read when they never did. */
  pixels: RawPixels;
}

export interface EditorRenderTestPage {
  renderAll(
    source: RawPixels,
    specs: EditRenderSpec[],
    options: SessionOptions,
  ): Promise<RenderAnswer>;
  renderBytes(bytesB64: string, specs: EditRenderSpec[]): Promise<RenderAnswer>;
  /** Opens a file of the served `media/` folder in the real worker. */
  openMedia(name: string): Promise<EditorOpenAnswer>;
  /** The real worker's preview of `spec` in a canvas of `canvasSize`, read back from the page's canvas. */
  preview(
    source: RawPixels,
    canvasSize: { widthPx: number; heightPx: number },
    spec: EditRenderSpec,
    expected: number[],
  ): Promise<PreviewRead>;
  /** The real worker's full render as a JPEG: its type and size. */
  fullJpeg(
    source: RawPixels,
    spec: EditRenderSpec,
  ): Promise<{ type: string; widthPx: number; heightPx: number }>;
}

declare global {
  interface Window {
    cairnEditorRenderTest?: EditorRenderTestPage;
  }
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone.
const testWorker = new ComlinkWorker<typeof import("./editor-render.worker")>(
  new URL("./editor-render.worker", import.meta.url),
  { type: "module", name: "editor-render-test" },
);

const canvasOf = ({ widthPx, heightPx }: { widthPx: number; heightPx: number }) => {
  const canvas = document.createElement("canvas");
  canvas.width = widthPx;
  canvas.height = heightPx;
  document.body.append(canvas);
  return canvas;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sameWithin = ({ rgbaB64 }: RawPixels, expected: number[], tolerance: number) => {
  const actual = fromB64(rgbaB64);
  return (
    actual.length === expected.length &&
    actual.every((value, index) => Math.abs(value - (expected[index] ?? -999)) <= tolerance)
  );
};

window.cairnEditorRenderTest = {
  renderAll: async (source, specs, options) =>
    testWorker.renderAll(await pngOf(source), specs, options),
  renderBytes: (bytesB64, specs) =>
    testWorker.renderAll(
      new Blob([Uint8Array.from(atob(bytesB64), (char) => char.charCodeAt(0))]),
      specs,
      {},
    ),
  openMedia: async (name) => {
    const worker = startBrowserEditorWorker();
    const { editor } = worker;
    try {
      const response = await fetch(new URL(`media/${name}`, location.href));
      const offscreen = canvasOf({ widthPx: 8, heightPx: 8 }).transferControlToOffscreen();
      return await editor.open(await response.blob(), offscreen);
    } finally {
      worker.terminate();
    }
  },
  preview: async (source, canvasSize, spec, expected) => {
    const worker = startBrowserEditorWorker();
    const { editor } = worker;
    try {
      const canvas = canvasOf({ widthPx: 1, heightPx: 1 });
      const opened = await editor.open(await pngOf(source), canvas.transferControlToOffscreen());
      await editor.resizePreview(canvasSize.widthPx, canvasSize.heightPx);
      const outcome = await editor.renderPreview(spec);
      // The frame reaches the page's canvas after the worker's animation frame.
      let pixels = await pixelsOf(canvas);
      for (let attempt = 0; attempt < 50 && !sameWithin(pixels, expected, 2); attempt++) {
        await sleep(100);
        pixels = await pixelsOf(canvas);
      }
      return { opened, outcome: outcome.kind, pixels };
    } finally {
      worker.terminate();
    }
  },
  fullJpeg: async (source, spec) => {
    const worker = startBrowserEditorWorker();
    const { editor } = worker;
    try {
      await editor.open(
        await pngOf(source),
        canvasOf({ widthPx: 4, heightPx: 4 }).transferControlToOffscreen(),
      );
      const blob = await editor.renderFull(spec, { type: "image/jpeg", quality: 0.92 });
      const bitmap = await createImageBitmap(blob);
      return { type: blob.type, widthPx: bitmap.width, heightPx: bitmap.height };
    } finally {
      worker.terminate();
    }
  },
};
