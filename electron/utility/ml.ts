// The ML process's entry (an Electron utility process): CLIP under
// onnxruntime-node, served to each connecting page's ML worker over its
// port. See: [Note: The desktop runs CLIP natively]

import { expose } from "comlink";
import { createNativeClipService } from "../../workers/ml/clip/native-clip-service";
import type { ClipCalls } from "../../workers/ml/ml-worker-contract";
import { messagePortMainEndpoint } from "./message-port-main-endpoint";
import { isConnectMLMessage } from "./ml-process-messages";

/** One service for every page: each model's session is opened once. */
let clip: ClipCalls | undefined;

process.parentPort.on("message", (event) => {
  const [port] = event.ports;
  if (!isConnectMLMessage(event.data) || port === undefined) {
    console.log("[ml] Ignored a message that is not a connection");
    return;
  }
  clip ??= createNativeClipService(event.data);
  expose(clip, messagePortMainEndpoint(port).endpoint);
});
