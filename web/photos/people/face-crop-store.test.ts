import { describe, expect, it, vi } from "vitest";
import type { FaceRef } from "../../../workers/people/people-contract";
import { FaceCropStore } from "./face-crop-store";

// The page's face crops: faces asked for in the same task go in one call,
// and crops nobody shows are freed beyond the store's bound.

const faceOf = (n: number): FaceRef => ({
  fileID: n,
  faceID: `${String(n)}_face`,
  box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
});

const harness = ({ maxCrops = 10, missing = new Set<number>() } = {}) => {
  const faceCrops = vi.fn((faces: FaceRef[]) =>
    Promise.resolve(
      faces.map(({ fileID }) => (missing.has(fileID) ? undefined : new Uint8Array([fileID]))),
    ),
  );
  const scheduled: (() => void)[] = [];
  const revoked: string[] = [];
  const store = new FaceCropStore(
    { faceCrops },
    {
      maxCrops,
      schedule: (callback) => scheduled.push(callback),
      urls: {
        create: (bytes) => `blob:crop-${String(bytes[0])}`,
        revoke: (url) => revoked.push(url),
      },
    },
  );
  const flush = async () => {
    for (const callback of scheduled.splice(0)) callback();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, faceCrops, flush, revoked };
};

describe("FaceCropStore", () => {
  it("asks for the faces of one task in one call, and tells each face's listener", async () => {
    const { store, faceCrops, flush } = harness({ missing: new Set([3]) });
    const heard: string[] = [];
    for (const n of [1, 2, 3]) {
      store.subscribe(faceOf(n), () => heard.push(faceOf(n).faceID));
    }
    // A second component showing the same face asks nothing more.
    store.subscribe(faceOf(1), () => undefined);
    await flush();
    expect(faceCrops).toHaveBeenCalledTimes(1);
    expect(faceCrops.mock.calls[0]?.[0].map(({ fileID }) => fileID)).toEqual([1, 2, 3]);
    expect(heard).toEqual(["1_face", "2_face", "3_face"]);
    expect(store.url("1_face")).toBe("blob:crop-1");
    expect(store.url("3_face")).toBeUndefined();

    store.subscribe(faceOf(2), () => undefined);
    await flush();
    expect(faceCrops).toHaveBeenCalledTimes(1);
  });

  it("does not ask for a face whose component is gone before the call", async () => {
    const { store, faceCrops, flush } = harness();
    store.subscribe(faceOf(1), () => undefined)();
    store.subscribe(faceOf(2), () => undefined);
    await flush();
    expect(faceCrops.mock.calls[0]?.[0].map(({ fileID }) => fileID)).toEqual([2]);
  });

  it("frees the least recently used crops nobody shows, never one shown", async () => {
    const { store, flush, revoked } = harness({ maxCrops: 2 });
    const stops = [1, 2, 3].map((n) => store.subscribe(faceOf(n), () => undefined));
    await flush();
    expect(revoked).toEqual([]);
    for (const stop of stops.slice(0, 2)) stop();
    store.subscribe(faceOf(4), () => undefined);
    await flush();
    expect(revoked).toEqual(["blob:crop-1", "blob:crop-2"]);
    expect(store.url("3_face")).toBe("blob:crop-3");
    expect(store.url("4_face")).toBe("blob:crop-4");
  });
});
