// The photo editor's calls into its worker, declared once (see: [Note: A
// worker's API is declared once]). The worker decodes the photo, keeps it on
// the GPU and draws the edit: the preview into the page's canvas (handed
// over with `transferControlToOffscreen()`), the saved file at full size.
// What to draw is a render spec, made by the model (`shared/model/editor`).

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";

export type EditorGlVersion = "webgl2" | "webgl";

/** Why the editor cannot open a photo; the page says so instead of showing the editor. */
export type EditorRefusal =
  /** Neither WebGL2 nor WebGL: this browser or machine cannot run the editor. */
  | "no-webgl"
  /** The browser could not decode the file as an image. */
  | "undecodable";

export type EditorOpenAnswer =
  | {
      kind: "opened";
      /** The photo as stored, before its EXIF orientation (the spec's source). */
      widthPx: number;
      heightPx: number;
      /** The orientation the file's EXIF gives (1..8; 1 without one), for the edit's model. */
      exifOrientation: number;
      gl: EditorGlVersion;
    }
  | { kind: "refused"; reason: EditorRefusal };

export type PreviewFrameOutcome =
  | {
      kind: "drawn";
      /** The worker's clock (`performance.now()`) when the frame was drawn. */
      drawnAtMs: number;
      /** The draw's own time on the worker's thread (the GPU works on after it). */
      drawMs: number;
      /**
       * The canvas's sides as drawn, as a share of the size the page asked for:
       * 1, or less for a frame drafted during a drag.
       * See: [Note: The preview drafts while a slider moves]
       */
      canvasScale: number;
    }
  /** A later spec came before the frame, or the editor closed: this one was never drawn. */
  | { kind: "superseded" };

export interface FullRenderOptions {
  type: "image/jpeg" | "image/png" | "image/webp";
  /** 0..1, for JPEG and WebP. */
  quality?: number;
}

export interface EditorCalls {
  /**
   * Decodes `source` as stored (see: [Note: The editor decodes a photo as
   * stored]) and takes `previewCanvas` for the preview (transfer it).
   * Opening again closes the photo before.
   */
  open(source: Blob, previewCanvas: OffscreenCanvas): Promise<EditorOpenAnswer>;
  /**
   * Draws `spec` into the preview canvas, fitted and centred, at the next
   * frame; a later call before that frame replaces it.
   * See: [Note: The preview draws the latest spec once a frame]
   */
  renderPreview(spec: EditRenderSpec): Promise<PreviewFrameOutcome>;
  /**
   * Small renders of `specs` (at most 512 px a side each) from the preview's
   * copy of the photo, as PNGs in order: the filters tab's swatches.
   */
  renderSwatches(specs: readonly EditRenderSpec[]): Promise<Blob[]>;
  /** The preview canvas's size in device pixels (the page's layout changed); redraws. */
  resizePreview(widthPx: number, heightPx: number): void;
  /**
   * Renders `spec` at its full output size from the full-resolution photo
   * and encodes it. See: [Note: A full render goes in tiles]
   */
  renderFull(spec: EditRenderSpec, options: FullRenderOptions): Promise<Blob>;
  /** Frees the photo, its textures and the GPU context. */
  close(): void;
}
