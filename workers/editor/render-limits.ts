// The renderer's own size limits, below the GPU's: each with its reason.

export interface RenderLimits {
  /** The preview's copy of the photo: its longest side. */
  previewSourceSidePx: number;
  /** A full render's source region uploaded at once: its longest side. */
  sourceRegionSidePx: number;
  /** A full render's output tile (its framebuffer): its longest side. */
  outputTileSidePx: number;
}

export const defaultRenderLimits: RenderLimits = {
  // A preview canvas is at most a screen (2560 device px on a large laptop
  // screen, and the photo is fitted inside the editor's controls): 2048 keeps
  // a downscale of at most ~1.3 for zoomed-out views (mipmaps take the rest)
  // at 16 MB of texture, plus a third for the mipmaps, while a 12 MP photo
  // is 48 MB.
  previewSourceSidePx: 2048,
  // 4096² × 4 bytes = 64 MB at most for a source region: a 12 MP photo's
  // tiles need ~2900 px regions (a 2048 tile turned by 45°), and GPUs
  // answering 16384 for MAX_TEXTURE_SIZE would otherwise let one region take 1 GB.
  sourceRegionSidePx: 4096,
  // 2048² × 4 bytes = 16 MB of framebuffer, read back per tile; a 12 MP
  // output is four tiles.
  outputTileSidePx: 2048,
};

/** `limits` over the defaults, each at most the GPU's texture limit. */
export const renderLimitsFor = (
  maxTextureSizePx: number,
  limits: Partial<RenderLimits> = {},
): RenderLimits => {
  const merged = { ...defaultRenderLimits, ...limits };
  return {
    previewSourceSidePx: Math.min(maxTextureSizePx, merged.previewSourceSidePx),
    sourceRegionSidePx: Math.min(maxTextureSizePx, merged.sourceRegionSidePx),
    outputTileSidePx: Math.min(maxTextureSizePx, merged.outputTileSidePx),
  };
};
