// A visitor's browser for the public album's tests against a real Cairn:
// the service as the worker makes it, over Node's fetch with a user agent
// of its own (the server counts a device without a token by its IP and user
// agent, and every test visitor comes from the same IP), no Cache Storage,
// and, for visitors who upload, the media work of the upload tests (the
// test image codec and FFmpeg in Node).

import type { NodeCryptoPool } from "../../crypto/node-pool";
import { createTestImageCodec } from "../../media/image/test-support/image-codec";
import { createUploadMedia } from "../../media/upload-media";
import { fetchFileURL, nodeFFmpegCore } from "../../media/video/test-support/node-ffmpeg-host";
import { createVideoProcessor } from "../../media/video/video-processor";
import { type DeviceTokenStore, memoryDeviceTokens } from "../device-tokens";
import { type PublicAlbumService, createPublicAlbumService } from "../public-album-service";

export interface TestVisitorOptions {
  apiOrigin: string;
  pool: NodeCryptoPool;
  userAgent: string;
  /** The browser's kept tokens; a new browser's by default. */
  deviceTokens?: DeviceTokenStore | undefined;
  /** Whether this visitor adds photos (else an upload is a test's mistake). */
  uploads?: boolean | undefined;
}

export const createTestVisitor = ({
  apiOrigin,
  pool,
  userAgent,
  deviceTokens = memoryDeviceTokens(),
  uploads = false,
}: TestVisitorOptions): PublicAlbumService =>
  createPublicAlbumService({
    apiOrigin,
    clientPackage: "io.cairn.photos.web",
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "User-Agent": userAgent },
      }),
    pool,
    deviceTokens,
    startUploadMedia: () => {
      if (!uploads) throw new Error("This test's visitors do not upload");
      return createUploadMedia({
        codec: createTestImageCodec(),
        video: createVideoProcessor(nodeFFmpegCore, { fetchWasm: fetchFileURL }),
      });
    },
    caches: undefined,
    clock: {
      nowMs: () => Date.now(),
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
  });
