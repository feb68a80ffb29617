import { describe, expect, it, vi } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import type { MediaFacts } from "../upload/upload-run";
import { fixtureBytes } from "./image/test-support/images";
import type { ImageCodec } from "./image/image-codec";
import { createUploadMedia, factsReadsInFlight, typeOnlyFacts } from "./upload-media";
import type { VideoProcessor } from "./video/video-processor";

const mp4Head = Uint8Array.of(
  ...[0x00, 0x00, 0x00, 0x18],
  ...new TextEncoder().encode("ftypmp42"),
  ...[0x00, 0x00, 0x00, 0x00],
  ...new TextEncoder().encode("mp42isom"),
);

describe("typeOnlyFacts", () => {
  it.each<[string, () => Promise<Uint8Array<ArrayBuffer>>, string, MediaFacts]>([
    [
      "a phone photo (its EXIF left unread)",
      () => fixtureBytes("IMG_20180725_163423-tiny.jpg"),
      "IMG_1.jpg",
      { kind: "media", fileType: FileType.image, mimeType: "image/jpeg", embedded: {} },
    ],
    [
      "a HEIC named as a JPEG",
      () => fixtureBytes("heic-iphone7.heic"),
      "IMG_2.JPG",
      { kind: "media", fileType: FileType.image, mimeType: "image/heic", embedded: {} },
    ],
    [
      "a video (its container left unread)",
      () => Promise.resolve(new Uint8Array([...mp4Head, ...new Uint8Array(4000)])),
      "clip.mp4",
      { kind: "media", fileType: FileType.video, mimeType: "video/mp4", embedded: {} },
    ],
    [
      "a text file",
      () => Promise.resolve(new TextEncoder().encode("not a photo")),
      "notes.txt",
      { kind: "unsupported" },
    ],
    [
      "an empty file",
      () => Promise.resolve(new Uint8Array(0)),
      "empty.jpg",
      { kind: "unsupported" },
    ],
  ])("%s", async (_what, bytes, name, expected) => {
    expect(await typeOnlyFacts({ blob: new Blob([await bytes()]), name })).toEqual(expected);
  });
});

/** A Blob that counts the reads started on it. */
class CountingBlob extends Blob {
  reads = 0;
  override slice(start?: number, end?: number, contentType?: string): Blob {
    this.reads += 1;
    return super.slice(start, end, contentType);
  }
}

describe("facts of a batch", () => {
  it("reads the images while a video's probe waits for ffmpeg.wasm, and answers in the batch's order", async () => {
    let releaseProbe: () => void = () => undefined;
    const probeVideo = vi.fn(
      () =>
        new Promise<{ durationSec: number; widthPx: number; heightPx: number }>((resolve) => {
          releaseProbe = () => {
            resolve({ durationSec: 20, widthPx: 1280, heightPx: 720 });
          };
        }),
    );
    const video = { probeVideo } as unknown as VideoProcessor;
    const media = createUploadMedia({ codec: {} as ImageCodec<never>, video });
    const photo = await fixtureBytes("IMG_20180725_163423-tiny.jpg");
    const images = Array.from({ length: factsReadsInFlight + 2 }, () => new CountingBlob([photo]));

    const answered = media.facts([
      { blob: new Blob([mp4Head, new Uint8Array(4000)]), name: "clip.mp4" },
      ...images.map((blob, index) => ({ blob, name: `IMG_${String(index)}.jpg` })),
    ]);
    // Every image is sniffed and its tags read before the probe ends.
    await vi.waitFor(() => {
      expect(probeVideo).toHaveBeenCalledTimes(1);
      expect(images.every((blob) => blob.reads >= 2)).toBe(true);
    });
    releaseProbe();
    const facts = await answered;

    expect(facts.map((fact) => (fact.kind === "media" ? fact.fileType : fact.kind))).toEqual([
      FileType.video,
      ...images.map(() => FileType.image),
    ]);
    expect(facts[0]).toMatchObject({ durationSec: 20, widthPx: 1280, heightPx: 720 });
    const [, firstImage] = facts;
    expect(firstImage?.kind === "media" && firstImage.embedded.creationTimeUs).toBeGreaterThan(0);
  });
});

describe("the size an upload records", () => {
  const media = createUploadMedia({
    codec: {} as ImageCodec<never>,
    video: {} as VideoProcessor,
  });
  const sizeOf = async (name: string) => {
    const [facts] = await media.facts([{ blob: new Blob([await fixtureBytes(name)]), name }]);
    return facts?.kind === "media" ? [facts.widthPx, facts.heightPx] : undefined;
  };

  it("reads a JPEG's size from its frame when its tags give none, turned by its orientation", async () => {
    // See: [Note: An upload records the size of every JPEG]
    expect(await sizeOf("noexif.jpg")).toEqual([250, 188]);
    expect(await sizeOf("door-knocker.jpg")).toEqual([800, 533]);
    // Stored 80 × 48, shown a quarter turned.
    expect(await sizeOf("f6t.jpg")).toEqual([48, 80]);
  });

  it("keeps a camera's tagged size", async () => {
    expect(await sizeOf("canon-dslr.jpg")).toEqual([5184, 3456]);
  });
});
