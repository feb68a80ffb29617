// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UploadPhase } from "../../../shared/model/media/upload-outcomes";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import { fakeGalleryClient, renderGallery, summaryOf } from "../gallery/test-support/gallery-views";
import { GalleryView } from "../gallery/GalleryView";
import type { DropDirectoryEntry, DropEntry, DropFileEntry, DropItem } from "./dropped-picks";
import { UploadClientContext } from "./upload-client-context";
import { fakeUploadClient, snapshotOf } from "./test-support/upload-runs";

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
});

const summaries = [
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false, fileCount: 9 }),
  summaryOf({ id: 12, name: "Beach", fileCount: 4 }),
  summaryOf({ id: 11, name: "Alps", fileCount: 5 }),
  summaryOf({ id: 20, name: "Party", type: "incomingShareViewer", isOwned: false }),
  summaryOf({ id: -2, name: "Trash", type: "trash", order: 6, isOwned: false, fileCount: 1 }),
];

const beach = "/gallery?collection=12";

const show = (path = "/gallery", withClient = true) => {
  const upload = fakeUploadClient();
  const view = (
    <GalleryView
      client={fakeGalleryClient()}
      summaries={summaries}
      pushedSnapshot={undefined}
      status={{ state: "up-to-date", skippedRecords: 0 }}
    />
  );
  const harness = renderGallery(
    withClient ? <UploadClientContext value={upload.client}>{view}</UploadClientContext> : view,
    path,
  );
  render(harness.ui);
  return { upload, ...harness };
};

/** A file as a browser's file input gives it (`webkitRelativePath` "" unless from a folder). */
const fileOf = (name: string, relativePath = "") => {
  const file = new File([name], name);
  Object.defineProperty(file, "webkitRelativePath", { value: relativePath });
  return file;
};

const menuItemNames = { files: "Files", folder: "Folder", "into-album": "Files into an album…" };

const pick = async (files: File[], input: "files" | "folder" | "into-album" = "files") => {
  fireEvent.click(await screen.findByTestId("upload-button"));
  fireEvent.click(screen.getByRole("menuitem", { name: menuItemNames[input] }));
  fireEvent.change(screen.getByTestId(`upload-input-${input === "folder" ? "folder" : "files"}`), {
    target: { files },
  });
};

const named = (files: readonly PickedFile[]) =>
  files.map(({ file, folderPath }) =>
    folderPath === "" ? file.name : `${folderPath}/${file.name}`,
  );

const fileEntry = (name: string): DropFileEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (onFile) => {
    onFile(new File([name], name));
  },
});

const folderEntry = (name: string, children: DropEntry[]): DropDirectoryEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let read = false;
    return {
      readEntries: (onEntries) => {
        onEntries(read ? [] : children);
        read = true;
      },
    };
  },
});

const dropItems = (...entries: DropEntry[]): DropItem[] =>
  entries.map((entry) => ({ kind: "file", webkitGetAsEntry: () => entry, getAsFile: () => null }));

const dialog = () => screen.findByRole("dialog");

describe("starting an upload", () => {
  it("has no upload button without an upload client", async () => {
    show(beach, false);
    await screen.findByTestId("view-title");
    expect(screen.queryByTestId("upload-button")).toBeNull();
  });

  it("uploads files picked in an album of the user's into it at once", async () => {
    const { upload } = show(beach);
    const a = fileOf("a.jpg");
    const b = fileOf("b.mov");
    await pick([a, b]);
    expect(upload.requests()).toEqual([
      {
        files: [
          { file: a, folderPath: "", pickID: expect.any(Number) as number },
          { file: b, folderPath: "", pickID: expect.any(Number) as number },
        ],
        target: { kind: "album", collectionID: 12 },
      },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    const panel = screen.getByRole("region", { name: "Uploads" });
    expect(within(panel).getByTestId("upload-phase").textContent).toBe("Preparing the upload…");
    expect(within(panel).getByTestId("upload-count").textContent).toBe("0 of 2 files");
  });

  it("adds files picked on the timeline to the library at once, without an album", async () => {
    const { upload } = show("/gallery");
    await pick([fileOf("a.jpg")]);
    expect(upload.requests().map((request) => request.target)).toEqual([{ kind: "library" }]);
    expect(named(upload.requests()[0]?.files ?? [])).toEqual(["a.jpg"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks which album files picked with 'Files into an album…' go to: one of the user's albums, a new one, or none", async () => {
    const { upload } = show("/gallery");
    await pick([fileOf("a.jpg")], "into-album");
    const asking = await dialog();
    expect(asking.textContent).toContain("Upload 1 file");
    expect(upload.client.upload).not.toHaveBeenCalled();
    // The user's own albums only: not one shared with them.
    const albums = within(within(asking).getByTestId("upload-album-list"));
    expect(albums.getAllByRole("button").map((button) => button.dataset.collectionId)).toEqual([
      "11",
      "12",
    ]);
    fireEvent.click(albums.getByRole("button", { name: /^Alps/ }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(upload.requests().map((request) => request.target)).toEqual([
      { kind: "album", collectionID: 11 },
    ]);

    await pick([fileOf("b.jpg")], "into-album");
    const again = await dialog();
    const nameField = within(again).getByLabelText("Album name");
    expect(within(again).getByRole("button", { name: "Upload" })).toHaveProperty("disabled", true);
    fireEvent.change(nameField, { target: { value: "Beach" } });
    expect(again.textContent).toContain("The files go into your album “Beach”.");
    fireEvent.change(nameField, { target: { value: "  Summer  " } });
    fireEvent.click(within(again).getByRole("button", { name: "Upload" }));
    await waitFor(() => {
      expect(upload.requests()[1]?.target).toEqual({ kind: "new-album", name: "Summer" });
    });
    expect(named(upload.requests()[1]?.files ?? [])).toEqual(["b.jpg"]);

    await pick([fileOf("c.jpg")], "into-album");
    fireEvent.click(
      within(await dialog()).getByRole("button", { name: "Upload without an album" }),
    );
    await waitFor(() => {
      expect(upload.requests()[2]?.target).toEqual({ kind: "library" });
    });
  });

  it("invites to upload in the middle of an empty timeline, and says files can be dropped", async () => {
    const { upload } = show("/gallery");
    const empty = await screen.findByTestId("gallery-empty");
    expect(within(empty).getByTestId("gallery-drop-hint").textContent).toBe(
      "Or drop photos, videos and folders anywhere on this page.",
    );
    fireEvent.click(within(empty).getByTestId("upload-invite"));
    fireEvent.click(within(empty).getByRole("menuitem", { name: "Files" }));
    fireEvent.change(within(empty).getByTestId("upload-invite-input-files"), {
      target: { files: [fileOf("first.jpg")] },
    });
    await waitFor(() => {
      expect(upload.requests().map((request) => request.target)).toEqual([{ kind: "library" }]);
    });
  });

  it("offers 'Files into an album…' only where files would go to no album", async () => {
    show(beach);
    fireEvent.click(await screen.findByTestId("upload-button"));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Files",
      "Folder",
    ]);
  });

  it("offers no upload in the trash", async () => {
    show("/gallery?collection=-2");
    await screen.findByTestId("view-title");
    expect(screen.queryByTestId("upload-button")).toBeNull();
  });

  it("offers one album per folder for a folder pick, or everything in one album named after it", async () => {
    const { upload } = show("/gallery");
    const files = () => [
      fileOf("a.jpg", "Holiday/Day 1/a.jpg"),
      fileOf("b.jpg", "Holiday/Day 2/b.jpg"),
      fileOf("c.jpg", "Holiday/c.jpg"),
    ];
    await pick(files(), "folder");
    const asking = await dialog();
    const perFolder = within(asking).getByRole("radio", { name: /One album per folder/ });
    expect(perFolder).toHaveProperty("checked", true);
    expect(perFolder.closest("label")?.textContent).toContain(
      "3 albums: Day 1, Day 2, and Holiday",
    );
    fireEvent.click(within(asking).getByRole("button", { name: "Upload" }));
    await waitFor(() => {
      expect(upload.requests()).toHaveLength(1);
    });
    expect(upload.requests()[0]?.target).toEqual({ kind: "album-per-folder" });
    expect(named(upload.requests()[0]?.files ?? [])).toEqual([
      "Holiday/Day 1/a.jpg",
      "Holiday/Day 2/b.jpg",
      "Holiday/c.jpg",
    ]);

    await pick(files(), "folder");
    const again = await dialog();
    fireEvent.click(within(again).getByRole("radio", { name: "Everything in one album" }));
    expect(within(again).getByLabelText("Album name")).toHaveProperty("value", "Holiday");
    fireEvent.click(within(again).getByRole("button", { name: "Upload" }));
    await waitFor(() => {
      expect(upload.requests()[1]?.target).toEqual({ kind: "new-album", name: "Holiday" });
    });
  });

  it("opens the menu from the keyboard and gives the focus back on Escape", async () => {
    show(beach);
    const button = await screen.findByTestId("upload-button");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const [files, folder] = screen.getAllByRole("menuitem");
    await waitFor(() => {
      expect(document.activeElement).toBe(files);
    });
    fireEvent.keyDown(files ?? button, { key: "ArrowDown" });
    expect(document.activeElement).toBe(folder);
    fireEvent.keyDown(folder ?? button, { key: "ArrowDown" });
    expect(document.activeElement).toBe(files);
    fireEvent.keyDown(files ?? button, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe("dropping files", () => {
  const dragOf = (types = ["Files"]) => ({ dataTransfer: { types, dropEffect: "none" } });

  it("shows the overlay while files are dragged over the page, without flickering over children", async () => {
    show(beach);
    const title = await screen.findByTestId("view-title");
    const header = title.closest("header") ?? title;
    fireEvent.dragEnter(header, dragOf(["text/plain"]));
    expect(screen.queryByTestId("upload-drop-overlay")).toBeNull();
    fireEvent.dragEnter(header, dragOf());
    expect(screen.getByTestId("upload-drop-overlay").textContent).toBe("Drop to upload to Beach");
    // Onto a child: it is entered before the parent is left.
    fireEvent.dragEnter(title, dragOf());
    fireEvent.dragLeave(header, dragOf());
    expect(screen.queryByTestId("upload-drop-overlay")).not.toBeNull();
    fireEvent.dragLeave(title, dragOf());
    expect(screen.queryByTestId("upload-drop-overlay")).toBeNull();
  });

  it("uploads a dropped folder with its folders into the open album", async () => {
    const { upload } = show(beach);
    const title = await screen.findByTestId("view-title");
    fireEvent.dragEnter(title, dragOf());
    const items = dropItems(
      folderEntry("Holiday", [fileEntry("a.jpg"), folderEntry("Day 1", [fileEntry("b.jpg")])]),
    );
    fireEvent.drop(title, { dataTransfer: { types: ["Files"], items, files: [] } });
    expect(screen.queryByTestId("upload-drop-overlay")).toBeNull();
    await waitFor(() => {
      expect(upload.requests()).toHaveLength(1);
    });
    expect(upload.requests()[0]?.target).toEqual({ kind: "album", collectionID: 12 });
    expect(named(upload.requests()[0]?.files ?? [])).toEqual([
      "Holiday/a.jpg",
      "Holiday/Day 1/b.jpg",
    ]);
  });

  it("says that loose files cannot go with folders, and uploads nothing", async () => {
    const { upload } = show(beach);
    const title = await screen.findByTestId("view-title");
    const items = dropItems(fileEntry("a.jpg"), folderEntry("Holiday", [fileEntry("b.jpg")]));
    fireEvent.drop(title, { dataTransfer: { types: ["Files"], items, files: [] } });
    const notice = await dialog();
    expect(notice.textContent).toContain("Upload files and folders separately");
    expect(notice.textContent).toContain(
      "Root-level files cannot be uploaded together with folders.",
    );
    expect(upload.client.upload).not.toHaveBeenCalled();
    expect(screen.queryByTestId("upload-panel")).toBeNull();
  });

  it("adds loose files dropped on all to the library, and asks where dropped folders go", async () => {
    const { upload } = show("/gallery");
    const title = await screen.findByTestId("view-title");
    fireEvent.dragEnter(title, dragOf());
    expect(screen.getByTestId("upload-drop-overlay").textContent).toBe(
      "Drop to add to your library",
    );
    fireEvent.drop(title, {
      dataTransfer: { types: ["Files"], items: dropItems(fileEntry("a.jpg")), files: [] },
    });
    await waitFor(() => {
      expect(upload.requests().map((request) => request.target)).toEqual([{ kind: "library" }]);
    });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.drop(title, {
      dataTransfer: {
        types: ["Files"],
        items: dropItems(folderEntry("Holiday", [fileEntry("b.jpg")])),
        files: [],
      },
    });
    expect((await dialog()).textContent).toContain("Upload 1 file");
    expect(upload.requests()).toHaveLength(1);
  });
});

describe("the upload panel", () => {
  it("shows the phase, the overall progress and each file's percentage; it can be minimized", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg"), fileOf("b.jpg"), fileOf("c.mov")]);
    act(() => {
      upload.push(snapshotOf({ phase: UploadPhase.extractingMetadata, totalCount: 3 }));
    });
    const phase = screen.getByTestId("upload-phase");
    expect(phase.textContent).toBe("Extracting metadata…");
    act(() => {
      upload.push(
        snapshotOf({
          phase: UploadPhase.uploading,
          totalCount: 3,
          finishedCount: 1,
          overallPercent: 37,
          inProgress: [
            { id: 2, name: "b.jpg", percent: 40 },
            { id: 3, name: "c.mov", percent: 5 },
          ],
          results: { uploaded: [{ id: 1, name: "a.jpg", pickIDs: [] }] },
        }),
      );
    });
    expect(phase.dataset.phase).toBe("uploading");
    expect(phase.textContent).toBe("Uploading…");
    const overall = screen.getByTestId("upload-overall");
    expect(overall.getAttribute("role")).toBe("progressbar");
    expect(overall.getAttribute("aria-valuenow")).toBe("37");
    expect(screen.getByTestId("upload-count").textContent).toBe("1 of 3 files");
    const files = within(screen.getByTestId("upload-in-progress")).getAllByRole("listitem");
    expect(files.map((file) => file.textContent)).toEqual(["b.jpg40%", "c.mov5%"]);

    fireEvent.click(screen.getByRole("button", { name: "Minimize" }));
    expect(screen.getByTestId("upload-in-progress").closest("[hidden]")).not.toBeNull();
    expect(screen.getByTestId("upload-overall")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Expand" }));
    expect(screen.getByTestId("upload-in-progress").closest("[hidden]")).toBeNull();
  });

  it("shows files picked during a run in the same run", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg")]);
    act(() => {
      upload.push(snapshotOf({ totalCount: 1 }));
    });
    await pick([fileOf("b.jpg")]);
    expect(upload.requests()).toHaveLength(2);
    act(() => {
      upload.push(snapshotOf({ totalCount: 2, finishedCount: 1 }));
    });
    expect(screen.getByTestId("upload-count").textContent).toBe("1 of 2 files");
    await act(async () => {
      upload.end(
        snapshotOf({
          phase: UploadPhase.finish,
          totalCount: 2,
          finishedCount: 2,
          overallPercent: 100,
          results: {
            uploaded: [
              { id: 1, name: "a.jpg", pickIDs: [] },
              { id: 2, name: "b.jpg", pickIDs: [] },
            ],
          },
        }),
      );
      await Promise.resolve();
    });
    expect(screen.getByTestId("upload-phase").textContent).toBe("Upload complete");
    expect(screen.getByTestId("upload-result-uploaded").dataset.count).toBe("2");
    fireEvent.click(screen.getByTestId("upload-close"));
    expect(screen.queryByTestId("upload-panel")).toBeNull();
  });

  it("asks before cancelling, then cancels; the end says 'upload cancelled'", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg"), fileOf("b.jpg")]);
    fireEvent.click(screen.getByTestId("upload-cancel"));
    const asking = await dialog();
    expect(asking.textContent).toContain("Cancel the upload?");
    expect(asking.textContent).toContain("Files already uploaded stay in your library.");
    fireEvent.click(within(asking).getByRole("button", { name: "Keep uploading" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(upload.client.cancelUpload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId("upload-cancel"));
    fireEvent.click(within(await dialog()).getByRole("button", { name: "Cancel upload" }));
    await waitFor(() => {
      expect(upload.client.cancelUpload).toHaveBeenCalledTimes(1);
    });
    act(() => {
      upload.push(snapshotOf({ phase: UploadPhase.cancelling, cancelled: true, totalCount: 2 }));
    });
    expect(screen.getByTestId("upload-phase").textContent).toBe("Cancelling…");
    expect(screen.getByTestId("upload-cancel")).toHaveProperty("disabled", true);
    await act(async () => {
      upload.end(
        snapshotOf({
          phase: UploadPhase.finish,
          cancelled: true,
          totalCount: 1,
          finishedCount: 1,
          results: { uploaded: [{ id: 1, name: "a.jpg", pickIDs: [] }] },
        }),
      );
      await Promise.resolve();
    });
    expect(screen.getByTestId("upload-phase").textContent).toBe("Upload cancelled");
    expect(screen.queryByTestId("upload-cancel")).toBeNull();
    expect(screen.queryByTestId("upload-retry")).toBeNull();
  });

  it("lists the files of each result with their reasons, and retries only the failed and blocked ones", async () => {
    const { upload } = show(beach);
    const files = ["a.jpg", "b.jpg", "c.jpg", "d.txt", "e.jpg"].map((name) => fileOf(name));
    await pick(files);
    const sentIDs = (upload.requests()[0]?.files ?? []).map(({ pickID }) => pickID ?? -1);
    const idsOf = (index: number) => [sentIDs[index] ?? -1];
    await act(async () => {
      upload.end(
        snapshotOf({
          phase: UploadPhase.finish,
          totalCount: 5,
          finishedCount: 5,
          overallPercent: 100,
          results: {
            uploaded: [{ id: 1, name: "a.jpg", pickIDs: idsOf(0) }],
            failed: [{ id: 2, name: "b.jpg", errorKey: "networkError", pickIDs: idsOf(1) }],
            blocked: [{ id: 3, name: "c.jpg", errorKey: "etagMissing", pickIDs: idsOf(2) }],
            unsupported: [
              { id: 4, name: "d.txt", errorKey: "unsupportedFileFormat", pickIDs: idsOf(3) },
            ],
            "already-uploaded": [{ id: 5, name: "e.jpg", pickIDs: idsOf(4) }],
          },
        }),
      );
      await Promise.resolve();
    });
    expect(screen.getByTestId("upload-phase").textContent).toBe(
      "Upload finished: some files did not go in",
    );
    const groups = screen
      .getByTestId("upload-summary")
      .querySelectorAll<HTMLElement>("[data-testid^=upload-result-]");
    expect([...groups].map((group) => [group.dataset.testid, group.dataset.count])).toEqual([
      ["upload-result-failed", "1"],
      ["upload-result-already-uploaded", "1"],
      ["upload-result-unsupported", "1"],
      ["upload-result-blocked", "1"],
      ["upload-result-uploaded", "1"],
    ]);
    const failed = screen.getByTestId("upload-result-failed");
    expect(failed.textContent).toContain("1 file failed");
    expect(failed.textContent).toContain("b.jpg");
    expect(failed.textContent).toContain("Network error. Check your connection and try again.");
    expect(screen.getByTestId("upload-result-unsupported").textContent).toContain(
      "This file format is not supported.",
    );
    const blocked = screen.getByTestId("upload-result-blocked");
    expect(blocked.textContent).toContain("for example a browser extension");
    expect(blocked.textContent).toContain("c.jpg");
    // What went in is folded away until asked for.
    const uploaded = screen.getByTestId("upload-result-uploaded");
    expect(uploaded.textContent).not.toContain("a.jpg");
    fireEvent.click(within(uploaded).getByRole("button", { name: "1 file uploaded" }));
    expect(uploaded.textContent).toContain("a.jpg");

    fireEvent.click(screen.getByTestId("upload-retry"));
    await waitFor(() => {
      expect(upload.requests()).toHaveLength(2);
    });
    expect(sentIDs).toHaveLength(5);
    expect(new Set(sentIDs).size).toBe(5);
    expect(upload.requests()[1]).toEqual({
      files: [
        { file: files[1], folderPath: "", pickID: expect.any(Number) as number },
        { file: files[2], folderPath: "", pickID: expect.any(Number) as number },
      ],
      target: { kind: "album", collectionID: 12 },
    });
    // The retry is a new run.
    expect(screen.getByTestId("upload-phase").textContent).toBe("Preparing the upload…");
    expect(screen.getByTestId("upload-count").textContent).toBe("0 of 2 files");
  });

  it("shows the storage-full dialog over the summary when the storage ran out", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg"), fileOf("b.jpg")]);
    await act(async () => {
      upload.end(
        snapshotOf({
          phase: UploadPhase.finish,
          totalCount: 2,
          finishedCount: 2,
          endedBy: "storageQuotaExceeded",
          results: {
            "larger-than-available-storage": [
              { id: 1, name: "a.jpg", errorKey: "storageQuotaExceeded", pickIDs: [] },
            ],
            failed: [{ id: 2, name: "b.jpg", errorKey: "storageQuotaExceeded", pickIDs: [] }],
          },
        }),
      );
      await Promise.resolve();
    });
    const shown = await dialog();
    expect(shown.textContent).toContain("Storage full");
    expect(shown.textContent).toContain("You have used all your storage.");
    expect(screen.getByTestId("upload-result-larger-than-available-storage").dataset.count).toBe(
      "1",
    );
    fireEvent.click(within(shown).getByRole("button", { name: "OK" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  });

  it("shows the subscription dialog, or the session-expired one, when either ended the run", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg")]);
    act(() => {
      upload.push(snapshotOf({ endedBy: "subscriptionExpired", totalCount: 1 }));
    });
    const shown = await dialog();
    expect(shown.textContent).toContain("Subscription expired");
    expect(shown.textContent).toContain("Your subscription has expired.");
    fireEvent.click(within(shown).getByRole("button", { name: "OK" }));
    await act(async () => {
      upload.end(
        snapshotOf({
          phase: UploadPhase.finish,
          endedBy: "subscriptionExpired",
          results: {
            failed: [{ id: 1, name: "a.jpg", errorKey: "subscriptionExpired", pickIDs: [] }],
          },
        }),
      );
      await Promise.resolve();
    });
    // Said once per run.
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByTestId("upload-close"));
    await pick([fileOf("b.jpg")]);
    act(() => {
      upload.push(snapshotOf({ endedBy: "sessionExpired", totalCount: 1 }));
    });
    const expired = await dialog();
    expect(expired.textContent).toContain("Session expired");
    expect(within(expired).getByRole("button", { name: "Log in" })).toBeTruthy();
  });

  it("says when the run stopped on an error instead of ending", async () => {
    const { upload } = show(beach);
    await pick([fileOf("a.jpg")]);
    await act(async () => {
      upload.fail(new Error("worker gone"));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe("The upload stopped because of an error");
    });
    fireEvent.click(screen.getByTestId("upload-close"));
    expect(screen.queryByTestId("upload-panel")).toBeNull();
  });
});
