// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LibrarySummary } from "../../../workers/sync/library-summary";
import { AppProviders } from "../testing/render-in-app";
import { AlbumList } from "./AlbumList";
import { LibraryHeader } from "./LibraryHeader";

afterEach(cleanup);

const summary: LibrarySummary = {
  collections: [
    {
      id: 1,
      name: "Lisbon",
      type: "album",
      visibility: 0,
      isIncomingShare: false,
      fileCount: 1234,
    },
    { id: 2, name: "Drawer", type: "album", visibility: 2, isIncomingShare: false, fileCount: 3 },
    { id: 3, name: "Old", type: "album", visibility: 1, isIncomingShare: false, fileCount: 2 },
  ],
  fileCount: 1236,
  hiddenFileCount: 3,
  trashCount: 4,
};

describe("the library in the gallery", () => {
  it("lists the albums that are not hidden with their counts, then hidden items and the trash", async () => {
    render(
      <AppProviders>
        <AlbumList summary={summary} />
      </AppProviders>,
    );
    await waitFor(() => screen.getByText("Your albums"));
    const rows = screen.getAllByTestId("album").map((row) => row.textContent);
    expect(rows).toEqual(["Lisbon1,234", "Old2", "Hidden3", "Trash4"]);
  });

  it.each([
    ["syncing", "Syncing…"],
    ["up-to-date", "Up to date"],
    ["offline", "Offline"],
    ["failed", "Could not sync"],
  ] as const)("shows the item count and the sync state %s", async (state, text) => {
    render(
      <AppProviders>
        <LibraryHeader view={{ summary, status: { state, skippedRecords: 0 } }} />
      </AppProviders>,
    );
    await waitFor(() => screen.getByText(text));
    expect(screen.getByTestId("library-item-count").textContent).toBe("1,236 items");
  });
});
