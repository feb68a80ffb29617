// The export process's entry (an Electron utility process): the export host
// over the ports the main process hands it. Thin: the rules are in
// `workers/export/export-host.ts`. See: [Note: The export runs in a utility process]

import { startNodeExportHost } from "../../workers/export/node-export-host";
import { isExportProcessMessage } from "./export-process-messages";
import { messagePortMainEndpoint } from "./message-port-main-endpoint";

const log = (message: string, cause?: unknown) => {
  console.log(`[export] ${message}`, ...(cause === undefined ? [] : [cause]));
};

// Two crypto threads keep the export's lanes decrypting while the
// machine's other cores serve the app.
const { host } = await startNodeExportHost({ cryptoThreads: 2, log });

process.parentPort.on("message", (event) => {
  const message: unknown = event.data;
  if (!isExportProcessMessage(message)) {
    log("Ignored a message that is not the export process's");
    return;
  }
  if (message.type === "stop") {
    void host.stop();
    return;
  }
  const [control, library] = event.ports;
  if (control === undefined || library === undefined) {
    log("Ignored a connection without its two ports");
    return;
  }
  const controlPort = messagePortMainEndpoint(control);
  const libraryPort = messagePortMainEndpoint(library);
  host.connect(message.exportFolder, {
    control: controlPort.endpoint,
    library: libraryPort.endpoint,
    closed: Promise.race([controlPort.closed, libraryPort.closed]),
  });
});
