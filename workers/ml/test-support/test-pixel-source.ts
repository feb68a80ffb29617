// The ML worker's pixel source in Node tests: the media tests' ffmpeg codec
// standing in for the browser's, its images' RGBA read as they are.

import { createTestImageCodec, type RawImage } from "../../media/image/test-support/image-codec";
import type { PixelSource } from "../image-pixels";

export const testPixelSource = (): PixelSource<RawImage> & {
  codec: ReturnType<typeof createTestImageCodec>;
} => ({
  codec: createTestImageCodec(),
  rgba: (image) => ({
    width: image.widthPx,
    height: image.heightPx,
    data: new Uint8ClampedArray(image.rgba),
  }),
});
