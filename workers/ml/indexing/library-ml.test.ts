import { describe, expect, it } from "vitest";
import type { ClipStatus } from "../ml-worker-contract";
import { type MLClient, createLibraryML } from "./library-ml";

/** A library whose ML worker answers CLIP's status when `answer` is called; no run is ever started. */
const libraryAsking = () => {
  let statusRequests = 0;
  let answer: (status: ClipStatus) => void = () => undefined;
  const clipStatus = () => {
    statusRequests++;
    return new Promise<ClipStatus>((resolve) => {
      answer = resolve;
    });
  };
  const unused = () => Promise.reject(new Error("not asked in these tests"));
  const ml: MLClient = {
    clipStatus,
    embedText: unused,
    indexImages: unused,
    hashImages: unused,
    detectFaces: unused,
    faceEngine: unused,
    clusterFaces: unused,
  };
  const library = createLibraryML({
    ml: () => ml,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    online: true,
    enabled: true,
    files: () => [],
    fileKey: () => undefined,
    api: () => undefined,
    pool: { decryptBlobs: unused, encryptBlobs: unused },
    thumbnails: unused,
    logError: () => undefined,
  });
  return {
    library,
    answer: (status: ClipStatus) => {
      answer(status);
    },
    statusRequests: () => statusRequests,
  };
};

describe("whether a search can offer 'photos of …' before any run", () => {
  it("asks the ML worker once for searches made together, and offers it once CLIP is on", async () => {
    const { library, answer, statusRequests } = libraryAsking();
    expect(library.semanticAvailable()).toBe(false);
    const first = library.knowSemanticAvailability();
    const second = library.knowSemanticAvailability();
    answer({ available: true });
    await Promise.all([first, second]);
    expect(statusRequests()).toBe(1);
    expect(library.semanticAvailable()).toBe(true);
    await library.knowSemanticAvailability();
    expect(statusRequests()).toBe(1);
  });

  it("offers nothing when the server has no models, and does not ask again for every keystroke", async () => {
    const { library, answer, statusRequests } = libraryAsking();
    const asked = library.knowSemanticAvailability();
    answer({ available: false, reason: "no-models-folder" });
    await asked;
    expect(library.semanticAvailable()).toBe(false);
    await library.knowSemanticAvailability();
    expect(statusRequests()).toBe(1);
    expect(library.status().clip).toEqual({ available: false, reason: "no-models-folder" });
  });

  it("asks nothing once logged out", async () => {
    const { library, statusRequests } = libraryAsking();
    library.stop();
    await library.knowSemanticAvailability();
    expect(statusRequests()).toBe(0);
  });
});
