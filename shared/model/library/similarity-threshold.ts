// The similarity slider's starting value on /deduplicate's "Similar photos",
// shared by the page (which shows it) and the library's worker (which
// groups at it). See: [Note: One similarity scale for the slider]

/** Perceptual hashes 9 bits apart at most (of 64), a CLIP cosine of 0.94. */
export const defaultSimilarityThreshold = 0.7;
