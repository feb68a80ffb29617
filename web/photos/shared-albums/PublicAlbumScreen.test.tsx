// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LinkFailure } from "../../../workers/public-album/link-failures";
import type {
  PasswordOutcome,
  PublicAlbumState,
  PublicAlbumUpdate,
} from "../../../workers/public-album/public-album-contract";
import type { UploadProgressSnapshot } from "../../../shared/model/media/upload-progress";
import { UploadProgress } from "../../../shared/model/media/upload-progress";
import { UploadPhase } from "../../../shared/model/media/upload-outcomes";
import type { UploadRequest } from "../../../workers/upload/upload-contract";
import { fakeGalleryClient, renderGallery } from "../gallery/test-support/gallery-views";
import type { PublicAlbumWorker } from "./public-album-client";
import { PublicAlbumScreen } from "./PublicAlbumScreen";

afterEach(cleanup);

const link = { apiOrigin: "http://localhost:8080", search: "?t=ABCDEFGHJK", fragment: "#key" };

const album = {
  collectionID: 7,
  name: "Lisbon",
  fileCount: 0,
  enableDownload: false,
  enableCollect: false,
  enableJoin: false,
};

/** The snapshot a finished run answers. */
const finishedRun = (): UploadProgressSnapshot => {
  const progress = new UploadProgress();
  progress.setPhase(UploadPhase.finish);
  return progress.snapshot();
};

/** A worker whose `open` answers `opened` in turn, and whose password is "right". */
const fakeWorker = (...opened: PublicAlbumState[]) => {
  const answers = [...opened];
  let listener: ((update: PublicAlbumUpdate) => Promise<void>) | undefined;
  const api = {
    ...fakeGalleryClient(),
    open: vi.fn(() => Promise.resolve(answers.shift() ?? { kind: "opening" as never })),
    verifyPassword: vi.fn((password: string): Promise<PasswordOutcome> =>
      Promise.resolve(
        password === "right" ? { kind: "ready", album } : { kind: "incorrect-password" },
      ),
    ),
    watch: vi.fn((next: (update: PublicAlbumUpdate) => Promise<void>) => {
      listener = next;
      return Promise.resolve();
    }),
    refresh: vi.fn(() => Promise.resolve()),
    join: vi.fn(() =>
      Promise.resolve({ kind: "joined" as const, collectionID: album.collectionID }),
    ),
    upload: vi.fn((_request: UploadRequest) => Promise.resolve(finishedRun())),
    cancelUpload: vi.fn(() => Promise.resolve()),
  };
  /** What the worker tells the page while the album is open. */
  const tell = async (update: PublicAlbumUpdate) => {
    if (listener === undefined) throw new Error("The page does not watch the album");
    await listener(update);
  };
  const terminate = vi.fn();
  const start = vi.fn((): PublicAlbumWorker => ({ api, terminate }));
  return { api, start, terminate, tell };
};

const renderScreen = (worker: ReturnType<typeof fakeWorker>) => {
  const { ui } = renderGallery(<PublicAlbumScreen startWorker={worker.start} link={link} />);
  return render(ui);
};

describe("PublicAlbumScreen", () => {
  it("hands the link to the worker and shows the album's name and count", async () => {
    const worker = fakeWorker({ kind: "ready", album });
    renderScreen(worker);
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
    expect(worker.api.open).toHaveBeenCalledWith(link.apiOrigin, link.search, link.fragment);
    expect(screen.getByTestId("library-item-count").textContent).toBe("0 items");
    // Downloads are not allowed here: no "Download all".
    expect(screen.queryByRole("button", { name: "Download all" })).toBeNull();
  });

  it("asks for the password, says 'Incorrect password' for a wrong one, and opens with the right one", async () => {
    const worker = fakeWorker({ kind: "password-required" });
    renderScreen(worker);
    const field = await screen.findByLabelText("Password");
    fireEvent.change(field, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Open album" }));
    expect(await screen.findByText("Incorrect password")).toBeTruthy();
    expect(worker.api.verifyPassword).toHaveBeenCalledWith("wrong");

    fireEvent.change(field, { target: { value: "right" } });
    expect(screen.queryByText("Incorrect password")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open album" }));
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
  });

  it.each<[LinkFailure, string, boolean]>([
    ["link-invalid", "Link not found", false],
    ["link-expired", "This link has expired", false],
    ["device-limit", "Too many devices", false],
    ["incomplete-link", "Incomplete link", false],
    ["network", "Cannot reach the server", true],
    ["unknown", "Could not open the album", true],
  ])("says why a %s link shows nothing (retry offered: %s)", async (failure, title, retry) => {
    renderScreen(fakeWorker({ kind: "failed", failure }));
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" }) !== null).toBe(retry);
  });

  it("tries again with a new worker after a network failure", async () => {
    const worker = fakeWorker({ kind: "failed", failure: "network" }, { kind: "ready", album });
    renderScreen(worker);
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
    await waitFor(() => {
      expect(worker.start).toHaveBeenCalledTimes(2);
    });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it("lets a visitor add photos to a collecting album after giving their name", async () => {
    const worker = fakeWorker({ kind: "ready", album: { ...album, enableCollect: true } });
    renderScreen(worker);
    fireEvent.click(await screen.findByTestId("upload-button"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Files" }));
    const photo = new File(["jpeg"], "dance.jpg");
    // As a browser's file input gives a loose file.
    Object.defineProperty(photo, "webkitRelativePath", { value: "" });
    fireEvent.change(screen.getByTestId("upload-input-files"), { target: { files: [photo] } });

    // Nothing goes before the name is given.
    const field = await screen.findByLabelText("Your name");
    expect(worker.api.upload).not.toHaveBeenCalled();
    const proceed = screen.getByRole("button", { name: "Continue" });
    expect((proceed as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "  Aunt Maria " } });
    fireEvent.click(proceed);
    await waitFor(() => {
      expect(worker.api.upload).toHaveBeenCalledTimes(1);
    });
    const [request] = worker.api.upload.mock.calls[0] ?? [];
    expect(request?.uploaderName).toBe("Aunt Maria");
    expect(request?.target).toEqual({ kind: "album", collectionID: album.collectionID });
    expect(request?.files.map(({ file }) => file.name)).toEqual(["dance.jpg"]);

    // The next upload offers the same name again.
    fireEvent.click(screen.getByTestId("upload-button"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Files" }));
    fireEvent.change(screen.getByTestId("upload-input-files"), { target: { files: [photo] } });
    expect((await screen.findByLabelText<HTMLInputElement>("Your name")).value).toBe("Aunt Maria");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(worker.api.upload).toHaveBeenCalledTimes(1);
  });

  it("offers the name this browser gave last time", async () => {
    const worker = fakeWorker({
      kind: "ready",
      album: { ...album, enableCollect: true, uploaderName: "Ben" },
    });
    renderScreen(worker);
    fireEvent.click(await screen.findByTestId("upload-button"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Files" }));
    const photo = new File(["jpeg"], "toast.jpg");
    Object.defineProperty(photo, "webkitRelativePath", { value: "" });
    fireEvent.change(screen.getByTestId("upload-input-files"), { target: { files: [photo] } });
    expect((await screen.findByLabelText<HTMLInputElement>("Your name")).value).toBe("Ben");
  });

  it("offers no upload on a link that does not collect", async () => {
    renderScreen(fakeWorker({ kind: "ready", album }));
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
    expect(screen.queryByTestId("upload-button")).toBeNull();
    expect(await screen.findByText("This album has no photos yet.")).toBeTruthy();
  });

  it("invites a visitor to add the first photos to an empty collecting album", async () => {
    renderScreen(fakeWorker({ kind: "ready", album: { ...album, enableCollect: true } }));
    expect(
      await screen.findByText(
        "This album has no photos yet. Add yours with Upload, or drop them here.",
      ),
    ).toBeTruthy();
  });

  it("shows what the worker says changed while the album is open", async () => {
    const worker = fakeWorker({ kind: "ready", album });
    renderScreen(worker);
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
    await waitFor(() => {
      expect(worker.api.watch).toHaveBeenCalled();
    });
    await act(() =>
      worker.tell({
        kind: "ready",
        album: { ...album, name: "Lisbon 2024", fileCount: 0, enableCollect: true },
        snapshot: { viewID: album.collectionID, version: 5, totalCount: 0, days: [] },
      }),
    );
    expect(await screen.findByRole("heading", { name: "Lisbon 2024" })).toBeTruthy();
    expect(screen.getByTestId("upload-button")).toBeTruthy();

    await act(() => worker.tell({ kind: "failed", failure: "link-expired" }));
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeTruthy();
  });

  it("pulls the album again when the page is shown again", async () => {
    const worker = fakeWorker({ kind: "ready", album });
    renderScreen(worker);
    expect(await screen.findByRole("heading", { name: "Lisbon" })).toBeTruthy();
    await waitFor(() => {
      expect(worker.api.watch).toHaveBeenCalled();
    });
    expect(worker.api.refresh).not.toHaveBeenCalled();
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(worker.api.refresh).toHaveBeenCalledTimes(1);
  });

  it("asks a visitor who is not logged in to sign in before joining", async () => {
    const worker = fakeWorker({ kind: "ready", album: { ...album, enableJoin: true } });
    renderScreen(worker);
    fireEvent.click(await screen.findByRole("button", { name: "Join album" }));
    expect(await screen.findByRole("heading", { name: "Sign in to join" })).toBeTruthy();
    expect(worker.api.join).not.toHaveBeenCalled();
  });
});
