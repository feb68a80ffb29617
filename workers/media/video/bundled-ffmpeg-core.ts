// The ffmpeg.wasm core as the web build serves it: Vite copies the npm
// package's ES module and WebAssembly into the build's assets (`?url` imports
// emit a file and give its URL, without bundling it), so the app serves them
// itself. Import this only in code Vite builds (the web apps, the desktop
// renderer, browser test pages); Node code passes file URLs of its own.
// See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]

import coreURL from "@ffmpeg/core?url";
import wasmURL from "@ffmpeg/core/wasm?url";
import type { FFmpegCoreSource } from "./ffmpeg-core";

export const bundledFFmpegCore: FFmpegCoreSource = { coreURL, wasmURL };
