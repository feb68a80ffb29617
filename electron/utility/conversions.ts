// The native conversions' entry (an Electron utility process): images the
// browser cannot show to JPEG with sharp, videos it cannot play to MP4 with
// the ffmpeg binary of its npm package, served to the page's sync worker
// over the port each connecting page gets (spec §6: desktop only).

import { expose } from "comlink";
import {
  createNodeNativeConversions,
  loadNodeNativeConversionDeps,
} from "../../workers/native-conversion/node-native-conversions";
import type { NativeConversions } from "../../workers/native-conversion/native-conversion-contract";
import { isConnectConversionsMessage } from "./conversion-process-messages";
import { messagePortMainEndpoint } from "./message-port-main-endpoint";

const native = createNodeNativeConversions(await loadNodeNativeConversionDeps());

// One video at a time: each runs an ffmpeg that takes every core it gets.
let videos: Promise<unknown> = Promise.resolve();
const conversions: NativeConversions = {
  toJPEG: (image, fileName) => native.toJPEG(image, fileName),
  toMP4: (video, fileName) => {
    const converted = videos.then(() => native.toMP4(video, fileName));
    videos = converted.catch(() => undefined);
    return converted;
  },
};

process.parentPort.on("message", (event) => {
  const [port] = event.ports;
  if (!isConnectConversionsMessage(event.data) || port === undefined) {
    console.log("[conversions] Ignored a message that is not a connection");
    return;
  }
  expose(conversions, messagePortMainEndpoint(port).endpoint);
});
