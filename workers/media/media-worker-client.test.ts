import { describe, expect, it } from "vitest";
import { FileType } from "../../shared/model/library/file-metadata";
import type { MediaFacts } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import { fixtureBytes } from "./image/test-support/images";
import {
  displayImageDeadlineMs,
  factsBatchDeadlineMs,
  factsDeadlineMs,
  thumbnailDeadlineMs,
} from "./media-call-deadlines";
import { type MediaWorkerRemote, createMediaWorkerClient } from "./media-worker-client";
import { MediaWorkerTimeoutError } from "./media-worker-errors";
import { ManualClock, settle } from "./test-support/manual-clock";
import { typeOnlyFacts } from "./upload-media";

const mp4Head = Uint8Array.of(
  ...[0x00, 0x00, 0x00, 0x18],
  ...new TextEncoder().encode("ftypmp42"),
  ...[0x00, 0x00, 0x00, 0x00],
  ...new TextEncoder().encode("mp42isom"),
);

const photoFacts: MediaFacts = {
  kind: "media",
  fileType: FileType.image,
  mimeType: "image/jpeg",
  embedded: { creationTimeUs: 1_532_536_463_000_000 },
  widthPx: 40,
  heightPx: 30,
};

const videoFacts: MediaFacts = {
  kind: "media",
  fileType: FileType.video,
  mimeType: "video/mp4",
  embedded: {},
};

interface Sent {
  worker: number;
  call: string;
  name: string;
}

/**
 * Media workers whose answers the test decides: `answer` gives a call's
 * result, or undefined for a call that never ends (ffmpeg hung). Type-only
 * facts are the real ones.
 */
const fakeMediaWorkers = (answer: (call: string, name: string) => Promise<unknown> | undefined) => {
  const sent: Sent[] = [];
  const terminated: number[] = [];
  let started = 0;
  const start = () => {
    const worker = ++started;
    const reply = <T>(call: string, name: string): Promise<T> => {
      sent.push({ worker, call, name });
      return (answer(call, name) ?? new Promise<never>(() => undefined)) as Promise<T>;
    };
    const remote: MediaWorkerRemote = {
      facts: (parts) => Promise.all(parts.map((part) => reply<MediaFacts>("facts", part.name))),
      typeOnlyFacts: async (parts) => {
        for (const part of parts) sent.push({ worker, call: "typeOnlyFacts", name: part.name });
        return Promise.all(parts.map(typeOnlyFacts));
      },
      thumbnail: (part) => reply<Uint8Array>("thumbnail", part.name),
      displayImage: (_file, fileName) => reply<Blob>("displayImage", fileName),
    };
    return {
      remote,
      terminate: () => {
        terminated.push(worker);
      },
    };
  };
  return { start, sent, terminated };
};

const startAllowanceMs = 1000;

const part = (bytes: Uint8Array<ArrayBuffer>, name: string): UnitPart => ({
  blob: new Blob([bytes]),
  name,
});

describe("the media worker client", () => {
  it("asks a batch's facts in one call", async () => {
    const clock = new ManualClock();
    const calls: number[] = [];
    const workers = fakeMediaWorkers(() => Promise.resolve(photoFacts));
    const client = createMediaWorkerClient({
      start: () => {
        const worker = workers.start();
        const facts = worker.remote.facts.bind(worker.remote);
        worker.remote.facts = (parts) => {
          calls.push(parts.length);
          return facts(parts);
        };
        return worker;
      },
      timers: clock,
    });
    const photo = part(await fixtureBytes("IMG_20180725_163423-tiny.jpg"), "photo.jpg");
    expect(await client.upload.facts([photo, photo, photo])).toEqual([
      photoFacts,
      photoFacts,
      photoFacts,
    ]);
    expect(calls).toEqual([3]);
  });

  it("asks a batch that hung again one file at a time: a video whose probe hangs goes on with its type alone", async () => {
    const clock = new ManualClock();
    const workers = fakeMediaWorkers((call, name) => {
      if (call !== "facts") return undefined;
      if (name.endsWith(".mp4")) return undefined;
      return Promise.resolve(name.endsWith(".jpg") ? photoFacts : { kind: "unsupported" });
    });
    const warnings: string[] = [];
    const client = createMediaWorkerClient({
      start: workers.start,
      timers: clock,
      startAllowanceMs,
      logWarning: (message) => warnings.push(message),
    });
    const clip = part(mp4Head, "clip.mp4");
    const parts = [
      part(await fixtureBytes("IMG_20180725_163423-tiny.jpg"), "photo.jpg"),
      clip,
      part(new TextEncoder().encode("not a photo"), "notes.txt"),
    ];
    const deadlineParts = parts.map((p) => ({ name: p.name, sizeBytes: p.blob.size }));

    const answered = client.upload.facts(parts);
    await settle();
    // The batch is on worker 1, which hangs in the video's probe.
    clock.advance(factsBatchDeadlineMs(deadlineParts) + startAllowanceMs);
    await settle();
    // One at a time on worker 2: the photo answers, the video hangs again.
    clock.advance(factsDeadlineMs({ name: "clip.mp4", sizeBytes: clip.blob.size }));
    await settle();

    expect(await answered).toEqual([
      photoFacts,
      { kind: "media", fileType: FileType.video, mimeType: "video/mp4", embedded: {} },
      { kind: "unsupported" },
    ]);
    expect(workers.terminated).toEqual([1, 2]);
    expect(client.startedCount).toBe(3);
    expect(workers.sent.map((s) => `${String(s.worker)} ${s.call} ${s.name}`)).toEqual([
      "1 facts photo.jpg",
      "1 facts clip.mp4",
      "1 facts notes.txt",
      "2 facts photo.jpg",
      "2 facts clip.mp4",
      "3 typeOnlyFacts clip.mp4",
      "3 facts notes.txt",
    ]);
    expect(warnings).toHaveLength(4);
  });

  it("passes on a facts failure that is not a passed deadline", async () => {
    const clock = new ManualClock();
    const failure = new Error("exifr broke");
    const workers = fakeMediaWorkers(() => Promise.reject(failure));
    const client = createMediaWorkerClient({ start: workers.start, timers: clock });
    await expect(client.upload.facts([part(mp4Head, "clip.mp4")])).rejects.toBe(failure);
    expect(workers.terminated).toEqual([]);
  });

  it("rejects a hung video thumbnail with MediaWorkerTimeoutError after a deadline scaled to the video", async () => {
    const clock = new ManualClock();
    const workers = fakeMediaWorkers((call) =>
      call === "thumbnail" ? undefined : Promise.resolve(videoFacts),
    );
    const client = createMediaWorkerClient({
      start: workers.start,
      timers: clock,
      startAllowanceMs,
    });
    const bigClip: UnitPart = {
      blob: new Blob([new Uint8Array(50 * 1024 * 1024)]),
      name: "big.mp4",
    };
    const deadlineMs = thumbnailDeadlineMs(FileType.video, bigClip.blob.size) + startAllowanceMs;

    let failure: unknown;
    const thumbnail = client.upload.thumbnail(bigClip, videoFacts).catch((error: unknown) => {
      failure = error;
    });
    await settle();
    clock.advance(deadlineMs - 1);
    await settle();
    expect(failure).toBeUndefined();
    clock.advance(1);
    await thumbnail;
    expect(failure).toBeInstanceOf(MediaWorkerTimeoutError);
    expect(failure).toMatchObject({ operation: "thumbnail", deadlineMs });
    expect(workers.terminated).toEqual([1]);
  });

  it("converts for the viewer before the upload work queued, with an image's deadline", async () => {
    const clock = new ManualClock();
    const jpeg = new Blob([Uint8Array.of(0xff, 0xd8, 0xff, 0xd9)], { type: "image/jpeg" });
    const thumbnails: ((jpeg: Uint8Array) => void)[] = [];
    const workers = fakeMediaWorkers((call) => {
      if (call === "displayImage") return Promise.resolve(jpeg);
      return new Promise<Uint8Array>((resolve) => thumbnails.push(resolve));
    });
    const client = createMediaWorkerClient({
      start: workers.start,
      timers: clock,
      startAllowanceMs,
    });
    const photo = part(new Uint8Array(2000), "a.jpg");

    const first = client.upload.thumbnail(photo, photoFacts);
    const second = client.upload.thumbnail({ ...photo, name: "b.jpg" }, photoFacts);
    const heic: UnitPart = { blob: new Blob([new Uint8Array(3 * 1024 * 1024)]), name: "c.heic" };
    const shown = client.displayImage(heic.blob, heic.name);
    await settle();
    thumbnails.shift()?.(Uint8Array.of(1));
    await settle();
    // The viewer's call went before b.jpg's thumbnail.
    expect(workers.sent.map((s) => `${s.call} ${s.name}`)).toEqual([
      "thumbnail a.jpg",
      "displayImage c.heic",
      "thumbnail b.jpg",
    ]);
    expect(await shown).toBe(jpeg);
    thumbnails.shift()?.(Uint8Array.of(2));
    expect(await Promise.all([first, second])).toEqual([Uint8Array.of(1), Uint8Array.of(2)]);

    // A conversion that hangs rejects after an image's deadline for its size.
    const hung = createMediaWorkerClient({
      start: fakeMediaWorkers(() => undefined).start,
      timers: clock,
      startAllowanceMs: 0,
    });
    let failure: unknown;
    const conversion = hung.displayImage(heic.blob, heic.name).catch((error: unknown) => {
      failure = error;
    });
    await settle();
    clock.advance(displayImageDeadlineMs(heic.blob.size));
    await conversion;
    expect(failure).toMatchObject({
      name: "MediaWorkerTimeoutError",
      operation: "displayImage",
      deadlineMs: displayImageDeadlineMs(heic.blob.size),
    });
  });

  it("stops its worker, and starts a new one for the next call", async () => {
    const clock = new ManualClock();
    const workers = fakeMediaWorkers(() => Promise.resolve(photoFacts));
    const client = createMediaWorkerClient({ start: workers.start, timers: clock });
    const photo = part(new Uint8Array(10), "a.jpg");
    await client.upload.facts([photo]);
    client.stop();
    expect(workers.terminated).toEqual([1]);
    await client.upload.facts([photo]);
    expect(client.startedCount).toBe(2);
  });
});
