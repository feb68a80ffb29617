// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenMissingError } from "../../../../shared/model/errors";
import type { DownloadedFile } from "../../../../workers/gallery/gallery-contract";
import { DialogHost } from "../../../common/dialog/DialogHost";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { DownloadProgress } from "./DownloadProgress";
import { downloadProgressAtom } from "./download-progress";
import { browserSaveFileDeps, saveDownloadedFile, savedObjectURLLifetimeMs } from "./save-file";
import { downloadFailureOf, startDownload } from "./start-download";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Download = GalleryClient["download"];

const file = (name: string): DownloadedFile => ({ name, blob: new Blob([name]) });

const setup = (download: Download) => {
  const store = createStore();
  const saved: DownloadedFile[] = [];
  const client = { download: vi.fn(download) };
  const run = (fileIDs: number[], mode: "files" | "zip", zipName?: string) =>
    startDownload(client, fileIDs, mode, zipName, {
      store,
      save: (f) => {
        saved.push(f);
      },
    });
  render(
    <AppProviders store={store}>
      <DialogHost />
      <DownloadProgress nameOf={(fileID) => (fileID === 1 ? "beach.jpg" : undefined)} />
    </AppProviders>,
  );
  return { store, saved, client, run };
};

describe("startDownload", () => {
  it("saves each file and lists per-file progress until each completes", async () => {
    let finish: () => void = () => undefined;
    const { store, saved, run } = setup((_ids, _mode, onProgress, onFile) => {
      onProgress(1, 30);
      onProgress(2, 60);
      return new Promise<void>((resolve) => {
        finish = () => {
          onProgress(1, 100);
          onFile(file("beach.jpg"));
          onProgress(2, 100);
          onFile(file("dunes.jpg"));
          resolve();
        };
      });
    });
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = run([1, 2], "files");
    });
    expect([...store.get(downloadProgressAtom)]).toEqual([
      [1, 30],
      [2, 60],
    ]);
    const list = await screen.findByTestId("download-progress");
    expect(list.textContent).toContain("Downloading 2 files");
    expect(list.textContent).toContain("beach.jpg");
    expect(list.textContent).toContain("File 2");
    await act(async () => {
      finish();
      await done;
    });
    expect(await done).toBe(true);
    expect(saved.map((f) => f.name)).toEqual(["beach.jpg", "dunes.jpg"]);
    expect(store.get(downloadProgressAtom).size).toBe(0);
    expect(screen.queryByTestId("download-progress")).toBeNull();
  });

  it("names a zip after the album when asked", async () => {
    const { saved, client, run } = setup((_ids, _mode, _onProgress, onFile) => {
      onFile(file("Cairn-2024-06-01.zip"));
      return Promise.resolve();
    });
    await act(async () => {
      await run([1, 2, 3], "zip", "Holidays");
    });
    expect(client.download.mock.calls[0]?.slice(0, 2)).toEqual([[1, 2, 3], "zip"]);
    expect(saved.map((f) => f.name)).toEqual(["Holidays.zip"]);
  });

  it("keeps the worker's zip name when none is given", async () => {
    const { saved, run } = setup((_ids, _mode, _onProgress, onFile) => {
      onFile(file("Cairn-2024-06-01.zip"));
      return Promise.resolve();
    });
    await act(async () => {
      await run([1], "zip");
    });
    expect(saved.map((f) => f.name)).toEqual(["Cairn-2024-06-01.zip"]);
  });

  it("says 'token missing' when there is no token, and clears the progress", async () => {
    const { store, run } = setup((_ids, _mode, onProgress) => {
      onProgress(1, 10);
      return Promise.reject(new TokenMissingError());
    });
    let result = true;
    await act(async () => {
      result = await run([1], "files");
    });
    expect(result).toBe(false);
    expect((await screen.findByRole("dialog", { name: "Error" })).textContent).toContain(
      "Token missing",
    );
    expect(store.get(downloadProgressAtom).size).toBe(0);
  });

  it("says 'request failed' for any other failure", async () => {
    const { run } = setup(() => Promise.reject(new Error("2 of 3 files failed")));
    await act(async () => {
      await run([1, 2, 3], "files");
    });
    expect((await screen.findByRole("dialog", { name: "Error" })).textContent).toContain(
      "Request failed",
    );
  });
});

describe("downloadFailureOf", () => {
  const crossedWorker = Object.assign(new Error("token missing"), { name: "TokenMissingError" });
  it.each<[string, unknown, string]>([
    ["a TokenMissingError", new TokenMissingError(), "token-missing"],
    ["one that crossed the worker boundary", crossedWorker, "token-missing"],
    ["any other error", new Error("boom"), "request-failed"],
    ["a non-error", "boom", "request-failed"],
  ])("%s", (_name, error, expected) => {
    expect(downloadFailureOf(error)).toBe(expected);
  });
});

describe("saveDownloadedFile", () => {
  it("clicks a download link to an object URL and revokes it later", () => {
    vi.useFakeTimers();
    const clicked: { href: string; download: string }[] = [];
    const revoked: string[] = [];
    const deps = {
      ...browserSaveFileDeps(),
      createObjectURL: () => "blob:saved",
      revokeObjectURL: (url: string) => {
        revoked.push(url);
      },
    };
    const onClick = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      clicked.push({ href: link.href, download: link.download });
      event.preventDefault();
    };
    document.addEventListener("click", onClick);
    saveDownloadedFile(file("beach.jpg"), deps);
    document.removeEventListener("click", onClick);
    expect(clicked).toEqual([{ href: "blob:saved", download: "beach.jpg" }]);
    expect(document.querySelector("a[download]")).toBeNull();
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(savedObjectURLLifetimeMs);
    expect(revoked).toEqual(["blob:saved"]);
  });
});
