// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LinkFailure } from "../../../workers/public-album/link-failures";
import type {
  PasswordOutcome,
  PublicAlbumState,
} from "../../../workers/public-album/public-album-contract";
import { fakeGalleryClient, renderGallery } from "../gallery/gallery-test-support";
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
};

/** A worker whose `open` answers `opened` in turn, and whose password is "right". */
const fakeWorker = (...opened: PublicAlbumState[]) => {
  const answers = [...opened];
  const api = {
    ...fakeGalleryClient(),
    releaseThumbnails: vi.fn(),
    open: vi.fn(() => Promise.resolve(answers.shift() ?? { kind: "opening" as never })),
    verifyPassword: vi.fn((password: string): Promise<PasswordOutcome> =>
      Promise.resolve(
        password === "right" ? { kind: "ready", album } : { kind: "incorrect-password" },
      ),
    ),
  };
  const terminate = vi.fn();
  const start = vi.fn((): PublicAlbumWorker => ({ api, terminate }));
  return { api, start, terminate };
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
});
