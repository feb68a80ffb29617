// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  DuplicateFile,
  SimilarPhotosAnswer,
} from "../../../workers/dedupe/duplicates-contract";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import { fakeGalleryClient, renderGallery } from "../gallery/test-support/gallery-views";
import { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { SimilarPhotosView } from "./SimilarPhotosView";
import { similarityDebounceMs } from "./use-similar-photos";

// The "Similar photos" tab as a person uses it: what it says before and
// without groups, the slider asking again once it rests, and choosing photos
// for the trash. See: [Note: One similarity scale for the slider]

afterEach(cleanup);

const photo = (fileID: number, sizeBytes: number): DuplicateFile => ({
  fileID,
  title: `IMG_${String(fileID)}.jpg`,
  sizeBytes,
  creationTimeUs: 1_700_000_000_000_000,
  collectionIDs: [],
  hasCaptionOrEdit: false,
});

const burst: SimilarPhotosAnswer = {
  groups: [
    {
      groupKey: "1,2",
      files: [photo(2, 3_000_000), photo(1, 1_000_000)],
      freedBytes: 1_000_000,
      similarity: 0.91,
    },
  ],
  hashedPhotos: 2,
  indexingEnabled: true,
};

const renderView = (answer: (threshold: number) => Promise<SimilarPhotosAnswer>) => {
  const similarPhotos = vi.fn(answer);
  const client = { similarPhotos } as unknown as DuplicatesClient;
  const gallery = fakeGalleryClient();
  const harness = renderGallery(
    <SimilarPhotosView
      client={client}
      gallery={gallery}
      thumbnails={new ThumbnailStore(gallery)}
      albumName={() => undefined}
      libraryVersion={1}
    />,
  );
  render(harness.ui);
  return { similarPhotos, gallery };
};

describe("similar photos", () => {
  it("says it is looking until the worker answers", async () => {
    let answer: (value: SimilarPhotosAnswer) => void = () => undefined;
    renderView(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    expect(await screen.findByText("Looking for similar photos…")).toBeTruthy();
    act(() => {
      answer({ ...burst, groups: [] });
    });
    expect(await screen.findByText("No similar photos")).toBeTruthy();
    expect(screen.queryByText("Looking for similar photos…")).toBeNull();
  });

  it.each<[string, Omit<SimilarPhotosAnswer, "groups">, string]>([
    [
      "indexing is off",
      { hashedPhotos: 0, indexingEnabled: false },
      "Indexing is off on this device",
    ],
    [
      "indexing has hashed nothing yet",
      { hashedPhotos: 0, indexingEnabled: true },
      "Your photos are not indexed yet",
    ],
    ["nothing is alike", { hashedPhotos: 40, indexingEnabled: true }, "No similar photos"],
  ])("says why there is nothing when %s", async (_, answer, says) => {
    renderView(() => Promise.resolve({ groups: [], ...answer }));
    expect(await screen.findByText(says)).toBeTruthy();
  });

  it("asks again once the slider rests, not at each step", async () => {
    const { similarPhotos } = renderView(() => Promise.resolve(burst));
    await screen.findByText("IMG_2.jpg", { selector: ".cairn-dedupe__group-title" });
    expect(similarPhotos.mock.calls).toEqual([[0.7]]);
    const slider = screen.getByRole("slider", { name: /Similarity/ });
    fireEvent.change(slider, { target: { value: "0.8" } });
    fireEvent.change(slider, { target: { value: "0.9" } });
    expect(screen.getByTestId("similar-threshold-value").textContent).toBe("90%");
    await waitFor(
      () => {
        expect(similarPhotos.mock.calls).toEqual([[0.7], [0.9]]);
      },
      { timeout: similarityDebounceMs * 4 },
    );
  });

  it("chooses nothing at first, and trashes the photos chosen after the confirmation", async () => {
    const { gallery } = renderView(() => Promise.resolve(burst));
    await screen.findByText("2 photos · 91% alike");
    expect(screen.getByTestId("similar-summary").textContent).toBe("None selected");
    const trash = screen.getByTestId("similar-trash");
    expect((trash as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "IMG_1.jpg" }));
    expect(screen.getByTestId("similar-summary").textContent).toMatch(/^1 selected, /);
    fireEvent.click(trash);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Move to trash" }));
    await waitFor(() => {
      expect(gallery.perform).toHaveBeenCalledWith({ kind: "trash", fileIDs: [1] });
    });
  });

  it("chooses all but each group's largest with Select all", async () => {
    renderView(() => Promise.resolve(burst));
    await screen.findByText("2 photos · 91% alike");
    fireEvent.click(screen.getByRole("button", { name: "Select all" }));
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "IMG_2.jpg" }).checked).toBe(
      false,
    );
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "IMG_1.jpg" }).checked).toBe(
      true,
    );
  });
});
