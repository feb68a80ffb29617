// The browser entry of the clipboard's PNG worker: started by the viewer for
// one copy and ended after it (vite-plugin-comlink exposes every export).
// Decoding a 12-megapixel photo and encoding it as a PNG takes a second or
// two of CPU, which the UI thread must not spend; the media worker is the
// sync worker's, busy with uploads and behind its queue, so a copy has a
// small worker of its own with only the image codec.
// See: [Note: The viewer copies the image it shows, as a PNG]

import { browserImageCodec } from "./image/browser-image-codec";
import { clipboardPNG } from "./image/clipboard-png";

/** The PNG of an image the viewer shows, upright, at its full size. */
export const pngOf = (image: Blob): Promise<Blob> => clipboardPNG(image, browserImageCodec);
