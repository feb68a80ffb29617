// The export's utility process under Node: its entry, with Electron's
// parent port and message ports played by worker_threads ports, connected
// the way the main process connects a page, exporting a real library from a
// real server into a real folder.

import { EventEmitter } from "node:events";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { wrap, expose } from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientPackages } from "../../shared/api/headers";
import type { DecryptedCollection } from "../../workers/library/decrypted-records";
import type { ExportControl, ExportStatusUpdate } from "../../workers/export/export-control";
import type { ExportLibraryCalls } from "../../workers/export/export-library-calls";
import { nodeExportSource } from "../../workers/export/node-export-source";
import type { WorkerCalls } from "../../workers/worker-boundary";
import {
  type ExportTestLibrary,
  fixture,
  newExportFolder,
  startExportTestLibrary,
  uploadTo,
} from "../../workers/export/test-support/export-test-library";
import type { ExportProcessMessage } from "./export-process-messages";
import type { MessagePortMainLike } from "./message-port-main-endpoint";

/** A worker_threads port as Electron's MessagePortMain: its events are `{ data }`. */
const asMessagePortMain = (port: MessagePort): MessagePortMainLike => {
  const wrappers = new Map<(event: { data: unknown }) => void, (value: unknown) => void>();
  return {
    postMessage: (message) => {
      port.postMessage(message);
    },
    on: (_event, listener) => {
      const wrapper = (data: unknown) => {
        listener({ data });
      };
      wrappers.set(listener, wrapper);
      return port.on("message", wrapper);
    },
    off: (_event, listener) => {
      const wrapper = wrappers.get(listener);
      if (wrapper !== undefined) port.off("message", wrapper);
      return port;
    },
    once: (_event, listener) => port.once("close", listener),
    start: () => {
      port.start();
    },
  };
};

/** Electron's `process.parentPort` as the entry sees it. */
const parentPort = new EventEmitter();

/** A page's side of a connection: the library it serves and its control of the export. */
interface TestPage {
  control: WorkerCalls<ExportControl>;
  /** Tells the export the library changed (a pull or an upload). */
  libraryChanged(): void;
  loads: () => number;
  close(): void;
}

describe("the export's utility process", () => {
  let library: ExportTestLibrary;
  let album: DecryptedCollection;
  let exportFolder: string;
  const pages: TestPage[] = [];

  const connectPage = (folder: string): TestPage => {
    const control = new MessageChannel();
    const libraryChannel = new MessageChannel();
    let version = 1;
    let loads = 0;
    const changeWaiters: (() => void)[] = [];
    const source = nodeExportSource(library.client);
    const calls: ExportLibraryCalls = {
      exportLibrary: async () => {
        loads += 1;
        return {
          library: await source.load(),
          version,
          download: {
            apiOrigin: library.node.apiOrigin,
            clientPackage: clientPackages.photosDesktop,
            token: library.owner.token,
          },
        };
      },
      nextLibraryChange: (afterVersion) =>
        version > afterVersion
          ? Promise.resolve(version)
          : new Promise((resolve) => {
              changeWaiters.push(() => {
                resolve(version);
              });
            }),
    };
    expose(calls, nodeEndpoint(libraryChannel.port2));
    const message: ExportProcessMessage = { type: "connect", exportFolder: folder };
    parentPort.emit("message", {
      data: message,
      ports: [asMessagePortMain(control.port1), asMessagePortMain(libraryChannel.port1)],
    });
    const page: TestPage = {
      control: wrap<ExportControl>(nodeEndpoint(control.port2)),
      libraryChanged: () => {
        version += 1;
        for (const resolve of changeWaiters.splice(0)) resolve();
      },
      loads: () => loads,
      close: () => {
        control.port2.close();
        libraryChannel.port2.close();
      },
    };
    pages.push(page);
    return page;
  };

  /** Follows the status until a run has ended after `since` (ms). */
  const finishedRun = async (control: WorkerCalls<ExportControl>, sinceMs: number) => {
    let update: ExportStatusUpdate = await control.status();
    while (
      update.status.running ||
      update.status.lastAttemptTimestampMs === null ||
      update.status.lastAttemptTimestampMs < sinceMs
    ) {
      update = await control.nextStatus(update.version);
    }
    return update.status;
  };

  const exportedNames = async () => (await readdir(path.join(exportFolder, "Garden"))).sort();

  beforeAll(async () => {
    library = await startExportTestLibrary();
    album = await library.client.createCollection({ name: "Garden", type: "album" });
    const photo = await fixture("noexif.jpg");
    for (const title of ["rose.jpg", "tulip.jpg"]) {
      await uploadTo(library, library.client, album, { title, bytes: photo });
    }
    exportFolder = await newExportFolder();
    Object.assign(process, { parentPort });
    await import("./export");
  }, 240_000);

  afterAll(async () => {
    for (const page of pages) page.close();
    parentPort.emit("message", { data: { type: "stop" }, ports: [] });
    await library.close();
  });

  it("exports the library a page serves when the page asks, and reports the run", async () => {
    const page = connectPage(exportFolder);
    const startedMs = Date.now();
    await page.control.start();
    const status = await finishedRun(page.control, startedMs);
    expect(status.progress).toEqual({ total: 2, success: 2, failed: 0 });
    expect(status.stoppedBecause).toBeUndefined();
    expect(await exportedNames()).toEqual(["metadata", "rose.jpg", "tulip.jpg"]);
  });

  it("keeps its status for a page that reloaded, and exports continuously after each change of the library", async () => {
    pages[0]?.close();
    const page = connectPage(exportFolder);
    const before = await page.control.status();
    expect(before.status.lastAttemptTimestampMs).not.toBeNull();

    const turnedOnMs = Date.now();
    await page.control.setContinuous(true);
    await finishedRun(page.control, turnedOnMs);

    await uploadTo(library, library.client, album, {
      title: "daisy.jpg",
      bytes: await fixture("noexif.jpg"),
    });
    const changedMs = Date.now();
    page.libraryChanged();
    const status = await finishedRun(page.control, changedMs);
    expect(status.continuous).toBe(true);
    expect(status.progress.success).toBe(1);
    expect(await exportedNames()).toEqual(["daisy.jpg", "metadata", "rose.jpg", "tulip.jpg"]);
  });

  it("stops at the user's stop and says so", async () => {
    const page = pages.at(-1);
    if (page === undefined) throw new Error("no page");
    await page.control.setContinuous(false);
    for (const title of ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg"]) {
      await uploadTo(library, library.client, album, { title, bytes: await fixture("f6t.jpg") });
    }
    const startedMs = Date.now();
    await page.control.start();
    let update = await page.control.status();
    while (!update.status.running) update = await page.control.nextStatus(update.version);
    await page.control.stop();
    const status = await finishedRun(page.control, startedMs);
    expect(status.stoppedBecause).toBe("stopped");
    // Whatever it wrote is complete; the next run writes the rest.
    const againMs = Date.now();
    await page.control.start();
    const after = await finishedRun(page.control, againMs);
    expect(after.stoppedBecause).toBeUndefined();
    expect(await exportedNames()).toHaveLength(10);
  });
});
