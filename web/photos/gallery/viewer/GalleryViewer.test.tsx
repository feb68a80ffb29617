// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore } from "jotai";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type {
  ActionOutcome,
  DownloadProgressListener,
  GalleryFileDetails,
  GalleryItem,
  GalleryViewSnapshot,
  LibraryAction,
  OriginalMedia,
  PlayableVideo,
} from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { AccountServiceContext } from "../../../common/account-screens/parts/account-service-context";
import { fakeAccountService } from "../../../common/accounts/test-support/stubbed-account-service";
import { DialogHost } from "../../../common/dialog/DialogHost";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { GalleryViewer } from "./GalleryViewer";
import { timeUsOfDateTimeLocal } from "./info-format";

// ---------------------------------------------------------------------------
// A GalleryClient double over a fixed view of files.

interface FileFixture {
  item: GalleryItem;
  details?: Partial<GalleryFileDetails>;
  media?: OriginalMedia;
  /** What converting its video gives: the answer, or the error it fails with. */
  playable?: PlayableVideo | Error;
}

const timeUs = new Date(2024, 5, 1, 14, 30, 0).getTime() * 1000;

const item = (id: number, fileType: FileType, title: string): GalleryItem => ({
  id,
  collectionID: 10,
  isOwn: true,
  fileType,
  timeUs,
  title,
  isFavorite: false,
  visibility: Visibility.visible,
});

const image = (id: number, title = `photo-${String(id)}.jpg`): FileFixture => ({
  item: item(id, FileType.image, title),
  media: {
    fileID: id,
    kind: "image",
    blob: new Blob([`image ${String(id)}`], { type: "image/jpeg" }),
  },
});

const details = (fixture: FileFixture): GalleryFileDetails => ({
  id: fixture.item.id,
  title: fixture.item.title,
  originalTitle: fixture.item.title,
  timeUs: fixture.item.timeUs,
  fileType: fixture.item.fileType,
  isOwn: fixture.item.isOwn,
  isFavorite: fixture.item.isFavorite,
  visibility: fixture.item.visibility,
  albumNames: [],
  ...fixture.details,
});

const makeClient = (files: FileFixture[], version = 1) => {
  const performed: LibraryAction[] = [];
  let outcome: ActionOutcome = { ok: true, changedCount: 1 };
  const client = {
    openView: vi.fn(() =>
      Promise.resolve<GalleryViewSnapshot>({
        viewID: 0,
        version,
        totalCount: files.length,
        days: [],
      }),
    ),
    viewWindow: vi.fn((viewID: number, startIndex: number, count: number) =>
      Promise.resolve({
        viewID,
        version,
        startIndex,
        items: files.slice(startIndex, startIndex + count).map((file) => file.item),
      }),
    ),
    viewItemsAt: vi.fn((viewID: number, indexes: readonly number[]) =>
      Promise.resolve({
        viewID,
        version,
        indexes: [...indexes],
        items: indexes.map((index) => files[index]?.item),
      }),
    ),
    indexOfFile: vi.fn((_viewID: number, fileID: number) =>
      Promise.resolve(files.findIndex((file) => file.item.id === fileID)),
    ),
    albumSharing: vi.fn(() => Promise.resolve(undefined)),
    fileDetails: vi.fn((fileID: number) => {
      const file = files.find((f) => f.item.id === fileID);
      return file ? Promise.resolve(details(file)) : Promise.reject(new Error("not found"));
    }),
    thumbnails: vi.fn((fileIDs: readonly number[]) =>
      Promise.resolve(
        fileIDs.map((fileID) => ({
          fileID,
          ok: true as const,
          url: `blob:thumb-${String(fileID)}`,
        })),
      ),
    ),
    original: vi.fn((fileID: number, onProgress?: DownloadProgressListener) => {
      const media = files.find((f) => f.item.id === fileID)?.media;
      onProgress?.(fileID, 100);
      return media ? Promise.resolve(media) : Promise.reject(new Error("no original"));
    }),
    playableVideo: vi.fn((fileID: number) => {
      const playable = files.find((f) => f.item.id === fileID)?.playable;
      if (playable instanceof Error) return Promise.reject(playable);
      return Promise.resolve<PlayableVideo>(playable ?? { fileID, converted: false });
    }),
    download: vi.fn<GalleryClient["download"]>(() => Promise.resolve()),
    perform: vi.fn((action: LibraryAction) => {
      performed.push(action);
      return Promise.resolve(outcome);
    }),
  } satisfies GalleryClient;
  return {
    client,
    performed,
    refuseWith: (code: Extract<ActionOutcome, { ok: false }>["code"]) => {
      outcome = { ok: false, code };
    },
  };
};

const snapshotOf = (files: FileFixture[], viewID = 0, version = 1): GalleryViewSnapshot => ({
  viewID,
  version,
  totalCount: files.length,
  days: [{ day: "2024-06-01", firstIndex: 0, count: files.length }],
});

interface Rendered {
  client: ReturnType<typeof makeClient>["client"];
  performed: LibraryAction[];
  refuseWith: ReturnType<typeof makeClient>["refuseWith"];
  onClose: ReturnType<typeof vi.fn>;
}

function renderViewer(
  files: FileFixture[],
  {
    index = 0,
    viewID = 0,
    summaries,
    convertsVideos = false,
    canDownload = true,
  }: {
    index?: number;
    viewID?: number;
    summaries?: GallerySummary[];
    convertsVideos?: boolean;
    canDownload?: boolean;
  } = {},
): Rendered {
  const { client, performed, refuseWith } = makeClient(files);
  const thumbnails = new ThumbnailStore(client, {
    schedule: (callback) => {
      queueMicrotask(callback);
    },
  });
  const onClose = vi.fn();
  function Harness() {
    const [shown, setShown] = useState(index);
    return (
      <GalleryViewer
        client={client}
        snapshot={snapshotOf(files, viewID)}
        thumbnails={thumbnails}
        index={shown}
        onIndexChange={setShown}
        onClose={onClose}
        viewID={viewID}
        summaries={summaries}
        convertsVideos={convertsVideos}
        canDownload={canDownload}
      />
    );
  }
  render(
    <AppProviders store={createStore()}>
      <MemoryRouter>
        <AccountServiceContext value={fakeAccountService()}>
          <DialogHost />
          <Harness />
        </AccountServiceContext>
      </MemoryRouter>
    </AppProviders>,
  );
  return { client, performed, refuseWith, onClose };
}

const viewer = () => screen.getByTestId("gallery-viewer");

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------

describe("GalleryViewer: what it shows", () => {
  it("shows an image over its blurred thumbnail until the original has loaded", async () => {
    renderViewer([image(1, "sunset.jpg")]);
    const original = await screen.findByTestId("viewer-image");
    expect(original.getAttribute("src")).toMatch(/^blob:/);
    expect(original.getAttribute("alt")).toBe("sunset.jpg");
    await screen.findByTestId("viewer-placeholder");
    fireEvent.load(original);
    expect(original.getAttribute("data-loaded")).toBe("true");
    expect(screen.queryByTestId("viewer-placeholder")).toBeNull();
  });

  it("keeps the thumbnail and offers a download when the browser cannot decode the image", async () => {
    renderViewer([image(1, "IMG_0001.HEIC")]);
    const original = await screen.findByTestId("viewer-image");
    await screen.findByTestId("viewer-placeholder");
    fireEvent.error(original);
    expect(await screen.findByText(/cannot be shown in this browser/)).toBeTruthy();
    expect(screen.getByTestId("viewer-placeholder")).toBeTruthy();
    expect(screen.queryByTestId("viewer-image")).toBeNull();
    expect(
      within(screen.getByRole("status")).getByRole("button", { name: "Download" }),
    ).toBeTruthy();
  });

  it("says a photo could not be converted, with a download, when its HEIC comes back as it was", async () => {
    renderViewer([
      {
        item: item(1, FileType.image, "IMG_0002.HEIC"),
        media: { fileID: 1, kind: "image", blob: new Blob(["heic"], { type: "image/heic" }) },
      },
    ]);
    fireEvent.error(await screen.findByTestId("viewer-image"));
    expect(await screen.findByText(/could not be converted for viewing/)).toBeTruthy();
    expect(screen.queryByText(/cannot be shown in this browser/)).toBeNull();
    expect(
      within(screen.getByRole("status")).getByRole("button", { name: "Download" }),
    ).toBeTruthy();
  });

  it("plays a video the browser can play", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer([
      {
        item: item(2, FileType.video, "clip.mp4"),
        media: { fileID: 2, kind: "video", blob: new Blob(["mp4"], { type: "video/mp4" }) },
      },
    ]);
    const video = await screen.findByTestId("viewer-video");
    expect(video.hasAttribute("controls")).toBe(true);
    fireEvent.loadedMetadata(video);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByTestId("viewer-video").getAttribute("data-playback")).toBe("playable");
    expect(screen.queryByText("Video playback failed")).toBeNull();
  });

  it("says 'video playback failed' with a download when the video errors", async () => {
    renderViewer([
      {
        item: item(2, FileType.video, "clip.avi"),
        media: { fileID: 2, kind: "video", blob: new Blob(["avi"], { type: "video/x-msvideo" }) },
      },
    ]);
    fireEvent.error(await screen.findByTestId("viewer-video"));
    expect(await screen.findByText("Video playback failed")).toBeTruthy();
    expect(screen.queryByTestId("viewer-video")).toBeNull();
    expect(
      within(screen.getByRole("status")).getByRole("button", { name: "Download" }),
    ).toBeTruthy();
  });

  it("says 'video playback failed' when the probe gets no answer within 1000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderViewer([
      {
        item: item(2, FileType.video, "clip.mkv"),
        media: { fileID: 2, kind: "video", blob: new Blob(["mkv"]) },
      },
    ]);
    await screen.findByTestId("viewer-video");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText("Video playback failed")).toBeTruthy();
  });

  it("asks for no conversion where the app has none (the web app)", async () => {
    const { client } = renderViewer([
      {
        item: item(2, FileType.video, "clip.avi"),
        media: { fileID: 2, kind: "video", blob: new Blob(["avi"], { type: "video/x-msvideo" }) },
      },
    ]);
    fireEvent.error(await screen.findByTestId("viewer-video"));
    expect(await screen.findByText("Video playback failed")).toBeTruthy();
    expect(client.playableVideo).not.toHaveBeenCalled();
  });

  it("in the desktop app, converts a video the browser cannot play and plays the conversion", async () => {
    let finish: (answer: PlayableVideo) => void = () => undefined;
    const { client } = renderViewer(
      [
        {
          item: item(2, FileType.video, "clip.avi"),
          media: { fileID: 2, kind: "video", blob: new Blob(["avi"]) },
        },
      ],
      { convertsVideos: true },
    );
    client.playableVideo.mockImplementation(
      () =>
        new Promise<PlayableVideo>((resolve) => {
          finish = resolve;
        }),
    );
    const original = await screen.findByTestId("viewer-video");
    const originalSrc = original.getAttribute("src");
    fireEvent.error(original);
    expect(await screen.findByText("Converting this video…")).toBeTruthy();
    expect(screen.queryByText("Video playback failed")).toBeNull();
    expect(screen.getByTestId("viewer-placeholder")).toBeTruthy();
    expect(client.playableVideo).toHaveBeenCalledExactlyOnceWith(2);
    act(() => {
      finish({ fileID: 2, converted: true, blob: new Blob(["mp4"], { type: "video/mp4" }) });
    });
    const converted = await screen.findByTestId("viewer-video");
    expect(converted.getAttribute("data-converted")).toBe("true");
    expect(converted.getAttribute("src")).toMatch(/^blob:/);
    expect(converted.getAttribute("src")).not.toBe(originalSrc);
    fireEvent.loadedMetadata(converted);
    expect(converted.getAttribute("data-playback")).toBe("playable");
    expect(screen.queryByText("Converting this video…")).toBeNull();
  });

  it("in the desktop app, says playback failed when this platform cannot convert the video", async () => {
    renderViewer(
      [
        {
          item: item(2, FileType.video, "clip.avi"),
          media: { fileID: 2, kind: "video", blob: new Blob(["avi"]) },
          playable: { fileID: 2, converted: false },
        },
      ],
      { convertsVideos: true },
    );
    fireEvent.error(await screen.findByTestId("viewer-video"));
    expect(await screen.findByText("Video playback failed")).toBeTruthy();
    expect(screen.getByText(/cannot play this video/)).toBeTruthy();
  });

  it("in the desktop app, says the conversion failed too, with a download", async () => {
    renderViewer(
      [
        {
          item: item(2, FileType.video, "broken.avi"),
          media: { fileID: 2, kind: "video", blob: new Blob(["avi"]) },
          playable: new Error("file conversion failed"),
        },
      ],
      { convertsVideos: true },
    );
    fireEvent.error(await screen.findByTestId("viewer-video"));
    expect(await screen.findByText(/could not be converted either/)).toBeTruthy();
    expect(screen.getByText("Video playback failed")).toBeTruthy();
    expect(
      within(screen.getByRole("status")).getByRole("button", { name: "Download" }),
    ).toBeTruthy();
  });

  it("in the desktop app, says the conversion failed when the browser cannot play the MP4 either", async () => {
    renderViewer(
      [
        {
          item: item(2, FileType.video, "clip.avi"),
          media: { fileID: 2, kind: "video", blob: new Blob(["avi"]) },
          playable: { fileID: 2, converted: true, blob: new Blob(["mp4"]) },
        },
      ],
      { convertsVideos: true },
    );
    fireEvent.error(await screen.findByTestId("viewer-video"));
    await waitFor(() => {
      expect(screen.getByTestId("viewer-video").getAttribute("data-converted")).toBe("true");
    });
    fireEvent.error(screen.getByTestId("viewer-video"));
    expect(await screen.findByText(/could not be converted either/)).toBeTruthy();
  });

  it("shows a live photo's image and plays its video on demand", async () => {
    renderViewer([
      {
        item: item(3, FileType.livePhoto, "IMG_0003.zip"),
        media: {
          fileID: 3,
          kind: "live-photo",
          image: new Blob(["jpeg"], { type: "image/jpeg" }),
          video: new Blob(["mov"], { type: "video/quicktime" }),
        },
      },
    ]);
    expect(await screen.findByTestId("viewer-image")).toBeTruthy();
    const live = screen.getByRole("button", { name: "Play live photo" });
    expect(screen.queryByTestId("viewer-live-video")).toBeNull();
    fireEvent.click(live);
    const video = await screen.findByTestId("viewer-live-video");
    expect(video.getAttribute("src")).toMatch(/^blob:/);
    expect(live.getAttribute("aria-pressed")).toBe("true");
    fireEvent.ended(video);
    expect(screen.queryByTestId("viewer-live-video")).toBeNull();
  });

  it("shows another kind of file by name, with a download, without fetching it", async () => {
    const { client } = renderViewer([{ item: item(4, FileType.others, "report.pdf") }]);
    const other = await screen.findByTestId("viewer-other");
    expect(within(other).getByText("report.pdf")).toBeTruthy();
    expect(within(other).getByRole("button", { name: "Download" })).toBeTruthy();
    expect(client.original).not.toHaveBeenCalled();
  });

  it("offers a retry when the original cannot be loaded", async () => {
    const files: FileFixture[] = [{ item: item(5, FileType.image, "lost.jpg") }];
    const { client } = renderViewer(files);
    expect(await screen.findByText("This file could not be loaded.")).toBeTruthy();
    files[0] = image(5, "lost.jpg");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("viewer-image")).toBeTruthy();
    expect(client.original).toHaveBeenCalledTimes(2);
  });
});

describe("GalleryViewer: moving around", () => {
  const three = () => [image(1, "one.jpg"), image(2, "two.jpg"), image(3, "three.jpg")];

  it("goes to the next and previous file with the arrow keys, and closes on Escape", async () => {
    const { onClose } = renderViewer(three());
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("1");
    });
    expect(screen.getByTestId("viewer-counter").textContent).toBe("1 of 3");
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("2");
    });
    expect(screen.getByTestId("viewer-counter").textContent).toBe("2 of 3");
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("3");
    });
    // The last file has no next.
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    expect(screen.getByTestId("viewer-counter").textContent).toBe("3 of 3");
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    fireEvent.keyDown(viewer(), { key: "ArrowLeft" });
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("2");
    });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(viewer(), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("moves with the previous and next buttons", async () => {
    renderViewer(three(), { index: 1 });
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("3");
    });
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("1");
    });
  });

  it("prefetches the neighbours' originals", async () => {
    const { client } = renderViewer(three(), { index: 1 });
    await waitFor(() => {
      expect(client.original.mock.calls.map(([id]) => id).sort()).toEqual([1, 2, 3]);
    });
  });

  it("revokes the shown original's object URL when it moves on", async () => {
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    renderViewer(three());
    const firstSrc = (await screen.findByTestId("viewer-image")).getAttribute("src");
    expect(revoke).not.toHaveBeenCalledWith(firstSrc);
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    await waitFor(() => {
      expect(revoke).toHaveBeenCalledWith(firstSrc);
    });
    revoke.mockRestore();
  });

  it("zooms with the buttons and starts unzoomed on the next file", async () => {
    renderViewer(three());
    await screen.findByTestId("viewer-image");
    expect(screen.getByTestId("viewer-zoom-level").textContent).toBe("100%");
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(screen.getByTestId("viewer-zoom-level").textContent).toBe("150%");
    fireEvent.keyDown(viewer(), { key: "+" });
    expect(screen.getByTestId("viewer-zoom-level").textContent).toBe("225%");
    fireEvent.click(screen.getByRole("button", { name: "Zoom out" }));
    expect(screen.getByTestId("viewer-zoom-level").textContent).toBe("150%");
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    await waitFor(() => {
      expect(viewer().getAttribute("data-file-id")).toBe("2");
    });
    expect((await screen.findByTestId("viewer-zoom-level")).textContent).toBe("100%");
  });
});

describe("GalleryViewer: info panel", () => {
  const described = (): FileFixture => ({
    ...image(7, "IMG_7.jpg"),
    media: {
      fileID: 7,
      kind: "image",
      blob: new Blob(["jpeg"]),
      exif: {
        make: "Canon",
        model: "Canon EOS 5D",
        fNumber: 2.8,
        exposureTimeSec: 0.004,
        iso: 400,
        focalLengthMm: 50,
        width: 4368,
        height: 2912,
      },
    },
    details: {
      caption: "At the lake",
      latitude: 46.45351,
      longitude: 6.54011,
      sizeBytes: 2.5 * 1024 * 1024,
      albumNames: ["Holidays", "Lakes"],
    },
  });

  const openInfo = async () => {
    await screen.findByTestId("viewer-image");
    fireEvent.keyDown(viewer(), { key: "i" });
    return within(await screen.findByTestId("viewer-info"));
  };

  it("shows date, location, size, camera, caption, file name and albums", async () => {
    renderViewer([described()]);
    const info = await openInfo();
    expect((await info.findByTestId("viewer-info-date")).textContent).toContain("June 1, 2024");
    expect(info.getByTestId("viewer-info-location").textContent).toBe(
      "46.45351, 6.54011 Show on map",
    );
    expect(info.getByTestId("viewer-info-size").textContent).toContain("2.5 MB");
    expect(info.getByTestId("viewer-info-size").textContent).toContain("4368 × 2912");
    expect(info.getByTestId("viewer-info-camera").textContent).toContain("Canon EOS 5D");
    expect(info.getByTestId("viewer-info-camera").textContent).toContain(
      "ƒ/2.8 · 1/250 s · 50 mm · ISO 400",
    );
    expect(info.getByTestId("viewer-info-caption").textContent).toContain("At the lake");
    expect(info.getByTestId("viewer-info-name").textContent).toContain("IMG_7.jpg");
    expect(info.getByText("Holidays")).toBeTruthy();
    expect(info.getByText("Lakes")).toBeTruthy();
    // The button toggles it too.
    fireEvent.click(screen.getByRole("button", { name: "Info" }));
    expect(screen.queryByTestId("viewer-info")).toBeNull();
  });

  it("links the location to the app's own map at the photo's place", async () => {
    renderViewer([described()]);
    const info = await openInfo();
    const link = await info.findByRole("link", { name: "Show on map" });
    expect(link.getAttribute("href")).toBe("/gallery/map?at=46.453510%2C6.540110");
  });

  it("edits the caption, showing it at once", async () => {
    const { performed } = renderViewer([described()]);
    const info = await openInfo();
    fireEvent.click(await info.findByRole("button", { name: "Edit Caption" }));
    const field = info.getByRole("textbox", { name: "Caption" });
    fireEvent.change(field, { target: { value: "Sunrise at the lake" } });
    fireEvent.click(info.getByRole("button", { name: "Save" }));
    expect(info.getByTestId("viewer-info-caption").textContent).toContain("Sunrise at the lake");
    expect(performed).toEqual([{ kind: "edit-file", fileID: 7, caption: "Sunrise at the lake" }]);
  });

  it("clears the caption when it is emptied", async () => {
    const { performed } = renderViewer([described()]);
    const info = await openInfo();
    fireEvent.click(await info.findByRole("button", { name: "Edit Caption" }));
    fireEvent.change(info.getByRole("textbox", { name: "Caption" }), { target: { value: "  " } });
    fireEvent.click(info.getByRole("button", { name: "Save" }));
    expect(performed).toEqual([{ kind: "edit-file", fileID: 7, caption: null }]);
  });

  it("renames the file, and refuses an empty name", async () => {
    const { performed } = renderViewer([described()]);
    const info = await openInfo();
    fireEvent.click(await info.findByRole("button", { name: "Edit File name" }));
    const field = info.getByRole("textbox", { name: "File name" });
    fireEvent.change(field, { target: { value: " " } });
    expect(info.getByRole("alert").textContent).toBe("The file name cannot be empty.");
    expect(info.getByRole<HTMLButtonElement>("button", { name: "Save" }).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "Lake Geneva.jpg" } });
    fireEvent.keyDown(field, { key: "Enter" });
    expect(performed).toEqual([{ kind: "edit-file", fileID: 7, name: "Lake Geneva.jpg" }]);
    expect(info.getByTestId("viewer-info-name").textContent).toContain("Lake Geneva.jpg");
  });

  it("changes the date and time", async () => {
    const { performed } = renderViewer([described()]);
    const info = await openInfo();
    fireEvent.click(await info.findByRole("button", { name: "Edit Date and time" }));
    const field = info.getByLabelText("Date and time");
    expect(timeUsOfDateTimeLocal((field as HTMLInputElement).value)).toBe(timeUs);
    fireEvent.change(field, { target: { value: "2020-02-29T08:15:00" } });
    fireEvent.click(info.getByRole("button", { name: "Save" }));
    expect(performed).toEqual([
      { kind: "edit-file", fileID: 7, timeUs: new Date(2020, 1, 29, 8, 15, 0).getTime() * 1000 },
    ]);
    expect(info.getByTestId("viewer-info-date").textContent).toContain("February 29, 2020");
  });

  it("rolls an edit back and says why when the worker refuses it", async () => {
    const { refuseWith } = renderViewer([described()]);
    refuseWith("not-file-owner");
    const info = await openInfo();
    fireEvent.click(await info.findByRole("button", { name: "Edit Caption" }));
    fireEvent.change(info.getByRole("textbox", { name: "Caption" }), {
      target: { value: "Mine now" },
    });
    fireEvent.click(info.getByRole("button", { name: "Save" }));
    await screen.findByRole("dialog", { name: "Error" });
    await waitFor(() => {
      expect(info.getByTestId("viewer-info-caption").textContent).toContain("At the lake");
    });
  });

  it("offers no editing of another user's file", async () => {
    const fixture = described();
    fixture.details = { ...fixture.details, isOwn: false };
    renderViewer([fixture]);
    const info = await openInfo();
    await info.findByTestId("viewer-info-date");
    expect(info.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });
});

describe("GalleryViewer: actions", () => {
  it("toggles favorite at once and asks the worker", async () => {
    const { performed } = renderViewer([image(1)]);
    const heart = await screen.findByRole("button", { name: "Add to favorites" });
    expect(heart.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(heart);
    expect(screen.getByTestId("viewer-favorite").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("viewer-favorite").getAttribute("aria-label")).toBe(
      "Remove from favorites",
    );
    expect(performed).toEqual([{ kind: "favorite", fileIDs: [1], favorite: true }]);
  });

  it("turns the heart back when favoriting is refused", async () => {
    const { refuseWith } = renderViewer([image(1)]);
    refuseWith("network");
    fireEvent.click(await screen.findByRole("button", { name: "Add to favorites" }));
    await waitFor(() => {
      expect(screen.getByTestId("viewer-favorite").getAttribute("aria-pressed")).toBe("false");
    });
  });

  it("offers Copy for a photo, not for a video, nor where downloads are forbidden", async () => {
    renderViewer([
      image(1),
      {
        item: item(2, FileType.video, "clip.mp4"),
        media: { fileID: 2, kind: "video", blob: new Blob(["mp4"], { type: "video/mp4" }) },
      },
    ]);
    expect((await screen.findByTestId("viewer-copy")).getAttribute("aria-label")).toBe("Copy");
    fireEvent.keyDown(viewer(), { key: "ArrowRight" });
    await screen.findByTestId("viewer-video");
    expect(screen.queryByTestId("viewer-copy")).toBeNull();
    cleanup();

    renderViewer([image(1)], { canDownload: false });
    await screen.findByTestId("viewer-favorite");
    expect(screen.queryByTestId("viewer-copy")).toBeNull();
  });

  it("shows the download's percent until it is done", async () => {
    const { client } = renderViewer([image(1)]);
    let progress: DownloadProgressListener = () => undefined;
    let finish: () => void = () => undefined;
    client.download.mockImplementation((_ids, _mode, onProgress) => {
      progress = onProgress;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    fireEvent.click(await screen.findByTestId("viewer-download"));
    await waitFor(() => {
      expect(client.download.mock.calls[0]?.slice(0, 2)).toEqual([[1], "files"]);
    });
    act(() => {
      progress(1, 42);
    });
    await waitFor(() => {
      expect(screen.getByTestId("viewer-download-percent").textContent).toBe("42%");
    });
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.queryByTestId("viewer-download-percent")).toBeNull();
    });
  });

  it("moves to trash after the confirmation", async () => {
    const { performed } = renderViewer([image(1)]);
    fireEvent.click(await screen.findByRole("button", { name: "Move to trash" }));
    const dialog = await screen.findByRole("dialog", { name: /trash/i });
    expect(performed).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: /trash/i }));
    await waitFor(() => {
      expect(performed).toEqual([{ kind: "trash", fileIDs: [1] }]);
    });
  });

  it.each<[string, LibraryAction]>([
    ["Archive", { kind: "archive", fileIDs: [1], archived: true }],
    ["Hide", { kind: "hide", fileIDs: [1] }],
  ])("%s performs its action", async (name, action) => {
    const { performed } = renderViewer([image(1)]);
    fireEvent.click(await screen.findByRole("button", { name }));
    await waitFor(() => {
      expect(performed).toEqual([action]);
    });
  });

  it("sets the album cover in an owned album", async () => {
    const album: GallerySummary = {
      id: 12,
      name: "Holidays",
      type: "album",
      order: 4,
      fileCount: 1,
      updationTimeUs: 0,
      isHidden: false,
      isOwned: true,
      sortAscending: false,
    };
    const { performed } = renderViewer([image(1)], { viewID: 12, summaries: [album] });
    fireEvent.click(await screen.findByRole("button", { name: "Use as album cover" }));
    await waitFor(() => {
      expect(performed).toEqual([{ kind: "set-album-cover", collectionID: 12, fileID: 1 }]);
    });
  });

  it("restores and deletes permanently in the trash", async () => {
    const { performed } = renderViewer([image(1)], { viewID: -2 });
    fireEvent.click(await screen.findByRole("button", { name: "Restore" }));
    expect(screen.queryByRole("button", { name: "Move to trash" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete permanently" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete permanently?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
    await waitFor(() => {
      expect(performed).toEqual([
        { kind: "restore", fileIDs: [1] },
        { kind: "delete-permanently", fileIDs: [1] },
      ]);
    });
  });
});
