// Starts the photo editor's worker in the browser (vite-plugin-comlink): it
// decodes the photo being edited and draws it with WebGL, the preview into
// the page's canvas (handed over once with `transferControlToOffscreen()`)
// and the saved file at full size. See: [Note: A worker's API is declared once]

import { transfer } from "comlink";
import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { EditorCalls } from "../../../workers/editor/editor-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnEditorWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../workers/editor/editor.worker")>(
    new URL("../../../workers/editor/editor.worker", import.meta.url),
    { type: "module", name: "editor" },
  );
  return worker;
};

/** The editor's calls as the page makes them: a plain object over the worker's proxy. */
export type EditorClient = WorkerCalls<EditorCalls>;

export interface BrowserEditorWorker {
  editor: EditorClient;
  terminate(): void;
}

export const startBrowserEditorWorker = (): BrowserEditorWorker => {
  const worker = spawnEditorWorker();
  return {
    editor: {
      // The canvas moves to the worker: the page keeps only its placeholder element.
      open: (source, previewCanvas) =>
        worker.open(source, transfer(previewCanvas, [previewCanvas])),
      renderPreview: (spec) => worker.renderPreview(spec),
      resizePreview: (widthPx, heightPx) => worker.resizePreview(widthPx, heightPx),
      renderFull: (spec, options) => worker.renderFull(spec, options),
      renderSwatches: (specs) => worker.renderSwatches([...specs]),
      close: () => worker.close(),
    },
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
