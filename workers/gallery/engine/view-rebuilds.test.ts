// How much a change costs the view engine: a stored page followed by what a
// notification and the page read (the summaries, the open view's snapshot,
// a window of it, a file's position) builds each view at most once, and
// reads without a change build nothing.

import { describe, expect, it, vi } from "vitest";
import { PseudoCollectionID } from "../../../shared/model/library/gallery-summary";
import { testCollection, testFile, testUserID } from "../../sync/test-support/sync-store";
import { createGalleryEngine } from "./gallery-engine";
import { MemoryReader } from "./test-support/reader";
import * as viewBuilder from "./view-builder";

vi.mock("./view-builder", async (importOriginal) => {
  const original = await importOriginal<typeof import("./view-builder")>();
  return { ...original, buildView: vi.fn(original.buildView) };
});

const builtViewIDs = () => vi.mocked(viewBuilder.buildView).mock.calls.map(([plan]) => plan.viewID);

/** A page of `count` files of collection `collectionID`, IDs from `firstID`. */
const page = (collectionID: number, firstID: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    testFile(firstID + index, collectionID, {
      metadata: { title: "IMG.jpg", creationTime: (firstID + index) * 1_000_000, fileType: 0 },
    }),
  );

/** What a notification reads (summaries, the open view) and what the page then asks. */
const notifyAndRead = (engine: ReturnType<typeof createGalleryEngine>) => {
  engine.summaries();
  engine.openSnapshot();
  engine.viewWindow(PseudoCollectionID.all, 0, 200);
  engine.indexOfFile(PseudoCollectionID.all, 1);
};

describe("view rebuilds", () => {
  it("builds each view once per stored page, whatever the page and the notification read", () => {
    const reader = new MemoryReader(testUserID);
    for (const id of [1, 2, 3])
      reader.putCollection(testCollection(id, { name: `Album ${String(id)}` }));
    const engine = createGalleryEngine({ reader: () => reader });
    engine.openView(PseudoCollectionID.all);

    for (const [index, collectionID] of [1, 2, 3].entries()) {
      vi.mocked(viewBuilder.buildView).mockClear();
      reader.putFiles(page(collectionID, 1 + index * 1000, 500));
      notifyAndRead(engine);
      const built = builtViewIDs();
      expect(new Set(built).size).toBe(built.length);
      expect(built.filter((viewID) => viewID === PseudoCollectionID.all)).toHaveLength(1);
    }

    vi.mocked(viewBuilder.buildView).mockClear();
    notifyAndRead(engine);
    expect(builtViewIDs()).toEqual([]);
  });
});
