// A dedicated worker running the editor's session (workers/editor) with the
// limits and contexts a test forces, for tests/e2e/editor-render.e2e.ts:
// each call opens a photo, renders specs at full size as PNG (lossless) and
// answers their pixels. vite-plugin-comlink exposes every export.

import type { EditRenderSpec } from "../../../../shared/model/editor/render-spec";
import type { EditorOpenAnswer } from "../../../../workers/editor/editor-contract";
import {
  type EditorSessionDeps,
  createEditorSession,
} from "../../../../workers/editor/editor-session";
import { type RawPixels, pixelsOf } from "./pixels";

export type SessionOptions = Pick<EditorSessionDeps, "glVersions" | "limits">;

export type RenderAnswer =
  | { kind: "rendered"; gl: string; outputs: RawPixels[] }
  | Extract<EditorOpenAnswer, { kind: "refused" }>;

export const renderAll = async (
  source: Blob,
  specs: EditRenderSpec[],
  options: SessionOptions,
): Promise<RenderAnswer> => {
  const session = createEditorSession({
    requestFrame: (callback) => setTimeout(callback, 0),
    nowMs: () => performance.now(),
    ...options,
  });
  const opened = await session.open(source, new OffscreenCanvas(16, 16));
  if (opened.kind === "refused") return opened;
  try {
    const outputs: RawPixels[] = [];
    for (const spec of specs) {
      outputs.push(await pixelsOf(await session.renderFull(spec, { type: "image/png" })));
    }
    return { kind: "rendered", gl: opened.gl, outputs };
  } finally {
    session.close();
  }
};
