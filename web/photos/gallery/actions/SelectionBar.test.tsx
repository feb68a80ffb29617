// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionErrorCode, LibraryAction } from "../../../../workers/gallery/gallery-contract";
import { fakeGalleryClient, renderGallery, summaryOf } from "../test-support/gallery-views";
import type { ViewKind } from "../view-kind";
import { SelectionBar } from "./SelectionBar";

afterEach(cleanup);

const album = summaryOf({ id: 7, name: "Trips" });
const other = summaryOf({ id: 8, name: "Beach" });

const renderBar = (
  kind: ViewKind,
  fileIDs: number[],
  client = fakeGalleryClient(),
  viewID = kind === "album" ? 7 : kind === "trash" ? -2 : 0,
) => {
  const onClear = vi.fn();
  const harness = renderGallery(
    <SelectionBar
      client={client}
      viewID={viewID}
      kind={kind}
      summary={kind === "album" ? album : undefined}
      summaries={[album, other]}
      fileIDs={fileIDs}
      onClear={onClear}
      zipName="Trips"
    />,
  );
  render(harness.ui);
  return { client, onClear, ...harness };
};

const press = async (name: string) => {
  fireEvent.click(await screen.findByRole("button", { name }));
};

describe("the selection bar", () => {
  it.each<[ViewKind, string, LibraryAction]>([
    ["all", "Add to favorites", { kind: "favorite", fileIDs: [1, 2], favorite: true }],
    ["favorites", "Remove from favorites", { kind: "favorite", fileIDs: [1, 2], favorite: false }],
    ["all", "Archive", { kind: "archive", fileIDs: [1, 2], archived: true }],
    ["archive", "Unarchive", { kind: "archive", fileIDs: [1, 2], archived: false }],
    ["all", "Hide", { kind: "hide", fileIDs: [1, 2] }],
    ["hidden", "Unhide", { kind: "unhide", fileIDs: [1, 2] }],
    ["trash", "Restore", { kind: "restore", fileIDs: [1, 2] }],
    [
      "album",
      "Remove from album",
      { kind: "collection-operation", operation: 2, fileIDs: [1, 2], fromCollectionID: 7 },
    ],
  ])("in %s, '%s' performs %o and clears the selection", async (kind, label, action) => {
    const { client, onClear } = renderBar(kind, [1, 2]);
    expect(screen.getByTestId("selection-count").textContent).toBe("2 selected");
    await press(label);
    await waitFor(() => {
      expect(onClear).toHaveBeenCalled();
    });
    expect(client.perform).toHaveBeenCalledWith(action);
  });

  it.each([
    [[4], "Move this file to the trash?", "It will be removed from all your albums."],
    [[4, 5, 6], "Move 3 files to the trash?", "They will be removed from all your albums."],
  ])("asks before moving %j to the trash", async (fileIDs, title, message) => {
    const { client, onClear } = renderBar("all", fileIDs);
    await press("Move to trash");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(title);
    expect(dialog.textContent).toContain(message);
    expect(client.perform).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(client.perform).not.toHaveBeenCalled();
    await press("Move to trash");
    const again = await screen.findByRole("dialog");
    fireEvent.click(
      [...again.querySelectorAll("button")].find((b) => b.textContent === "Move to trash") ?? again,
    );
    await waitFor(() => {
      expect(client.perform).toHaveBeenCalledWith({ kind: "trash", fileIDs });
    });
    expect(onClear).toHaveBeenCalled();
    expect(await screen.findByText(/to the trash$/)).toBeTruthy();
  });

  it("asks before deleting for good in the trash", async () => {
    const { client } = renderBar("trash", [4, 5]);
    await press("Delete permanently");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Delete 2 files permanently?");
    fireEvent.click(
      [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Delete permanently") ??
        dialog,
    );
    await waitFor(() => {
      expect(client.perform).toHaveBeenCalledWith({ kind: "delete-permanently", fileIDs: [4, 5] });
    });
  });

  it("adds to and moves to an album picked in the picker", async () => {
    const { client } = renderBar("album", [1, 2]);
    await press("Add to album");
    fireEvent.click(await screen.findByRole("button", { name: /^Beach/ }));
    await waitFor(() => {
      expect(client.perform).toHaveBeenCalledWith({
        kind: "collection-operation",
        operation: 0,
        fileIDs: [1, 2],
        toCollectionID: 8,
      });
    });
    await press("Move to album");
    // The album the files come from is not offered.
    expect(screen.queryByRole("button", { name: /^Trips/ })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: /^Beach/ }));
    await waitFor(() => {
      expect(client.perform).toHaveBeenCalledWith({
        kind: "collection-operation",
        operation: 1,
        fileIDs: [1, 2],
        toCollectionID: 8,
        fromCollectionID: 7,
      });
    });
  });

  it("creates an album from the selection, and says so under the name when the name is taken (spec §5)", async () => {
    const perform = vi.fn((action: LibraryAction) =>
      Promise.resolve(
        action.kind === "create-album" && action.name === "Beach"
          ? { ok: false as const, code: "album-name-taken" as const }
          : { ok: true as const, changedCount: 2, collectionID: 30 },
      ),
    );
    const { client, onClear } = renderBar("all", [1, 2], fakeGalleryClient({ perform }));
    await press("Create album");
    fireEvent.change(await screen.findByLabelText("Album name"), { target: { value: " Beach " } });
    await press("Create");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You already have an album called “Beach”. Choose another name.",
    );
    expect(onClear).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Album name"), { target: { value: "Summer" } });
    await press("Create");
    await waitFor(() => {
      expect(client.perform).toHaveBeenLastCalledWith({
        kind: "create-album",
        name: "Summer",
        fileIDs: [1, 2],
      });
    });
    expect(onClear).toHaveBeenCalled();
  });

  it("moves files to a new album: creates it, then moves them there", async () => {
    const perform = vi.fn((action: LibraryAction) =>
      Promise.resolve({
        ok: true as const,
        changedCount: 2,
        collectionID: action.kind === "create-album" ? 31 : undefined,
      }),
    );
    renderBar("album", [1, 2], fakeGalleryClient({ perform }));
    await press("Move to album");
    await press("New album");
    fireEvent.change(await screen.findByLabelText("Album name"), { target: { value: "Later" } });
    await press("Create");
    await waitFor(() => {
      expect(perform.mock.calls.map(([action]) => action)).toEqual([
        { kind: "create-album", name: "Later" },
        {
          kind: "collection-operation",
          operation: 1,
          fileIDs: [1, 2],
          toCollectionID: 31,
          fromCollectionID: 7,
        },
      ]);
    });
  });

  it("fixes the time from EXIF, and says when the files have no date", async () => {
    const perform = vi.fn(() =>
      Promise.resolve({ ok: false as const, code: "no-exif-date" as const }),
    );
    renderBar("all", [1, 2], fakeGalleryClient({ perform }));
    await press("Fix time");
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(
      [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Fix time") ?? dialog,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("no date in their metadata");
    expect(perform).toHaveBeenCalledWith({ kind: "fix-time", fileIDs: [1, 2], source: "exif" });
  });

  it.each<[ActionErrorCode, string]>([
    ["not-file-owner", "Only files you own can be changed this way"],
    ["invalid-collection-operation", "This cannot be done with this album."],
    ["network", "Network error. Check your connection and try again."],
    ["stale", "Something went wrong, please try again"],
    ["not-found", "This item no longer exists."],
    ["storage-quota-exceeded", "You have used all your storage."],
    ["unknown", "Something went wrong, please try again"],
  ])("a refusal with %s says '%s' and keeps the selection", async (code, text) => {
    const perform = vi.fn(() => Promise.resolve({ ok: false as const, code }));
    const { onClear } = renderBar("all", [1], fakeGalleryClient({ perform }));
    await press("Hide");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Error");
    expect(dialog.textContent).toContain(text);
    expect(onClear).not.toHaveBeenCalled();
  });

  it("an expired session opens the session-expired dialog", async () => {
    const perform = vi.fn(() =>
      Promise.resolve({ ok: false as const, code: "session-expired" as const }),
    );
    renderBar("all", [1], fakeGalleryClient({ perform }));
    await press("Archive");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Session expired");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("downloads the selection as files or as one zip named after the view", async () => {
    const { client } = renderBar("all", [1, 2]);
    await press("Download as zip");
    await waitFor(() => {
      expect(client.download).toHaveBeenCalledWith(
        [1, 2],
        "zip",
        expect.any(Function),
        expect.any(Function),
      );
    });
    await press("Download");
    await waitFor(() => {
      expect(client.download).toHaveBeenCalledWith(
        [1, 2],
        "files",
        expect.any(Function),
        expect.any(Function),
      );
    });
  });
});
