// Why the editor's renderer cannot work, as errors with names. The worker's
// entry answers them to the page as an `EditorRefusal` (see editor-contract.ts).

/** Neither WebGL2 nor WebGL could be had for the canvas: the browser or the machine has no GPU path for us. */
export class EditorGpuUnavailableError extends Error {
  override name = "EditorGpuUnavailableError";
  constructor() {
    super("Neither WebGL2 nor WebGL is available to the photo editor");
  }
}

/** The GPU context was lost (the GPU process restarted, or too many contexts) while rendering. */
export class EditorGpuLostError extends Error {
  override name = "EditorGpuLostError";
  constructor() {
    super("The photo editor lost its GPU context");
  }
}
