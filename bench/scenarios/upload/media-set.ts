// The upload scenario's media: distinct camera-sized JPEGs with EXIF dates
// and H.264 MP4 videos, made with Debian's ffmpeg and exiftool into a
// temporary folder that later runs reuse.

import { execFile } from "node:child_process";
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { MediaSetShape } from "./parameters";

const run = promisify(execFile);

export interface MediaFile {
  /** Absolute and resolved (what playwright's `setInputFiles` takes as a path). */
  path: string;
  name: string;
  kind: "photo" | "video";
  sizeBytes: number;
}

export interface MediaSet {
  dir: string;
  files: MediaFile[];
  totalBytes: number;
  /** 0 when the set came from the cache. */
  generatedMs: number;
  fromCache: boolean;
}

/**
 * [Note: The media set is cached]
 *
 * Making 300 twelve-megapixel JPEGs and five videos takes a minute or two
 * on two cores, so the set is kept in a temporary folder named after its
 * shape (and the generator's version, bumped whenever what it makes
 * changes). A manifest written last marks a complete set: a run stopped
 * halfway leaves no manifest, and the next run makes the set again.
 */
const generatorVersion = 1;
const manifestName = "manifest.json";

const setDirOf = (shape: MediaSetShape): string =>
  path.join(
    os.tmpdir(),
    [
      `cairn-bench-upload-v${String(generatorVersion)}`,
      `p${String(shape.photoCount)}-${String(shape.photoWidthPx)}x${String(shape.photoHeightPx)}`,
      `v${String(shape.videoCount)}-${String(shape.videoWidthPx)}x${String(shape.videoHeightPx)}`,
      `${String(shape.videoDurationSec)}s-${String(shape.videoBitRateMbps)}M`,
    ].join("-"),
  );

/**
 * The pictures: ffmpeg's testsrc2 pattern (a moving picture with a clock,
 * so every frame differs) under temporal noise, which a JPEG cannot squeeze
 * away, as a camera sensor's grain. Strength 16 at JPEG quality 4 gives
 * about 1.7 MB per 4000×3000 frame, a phone camera's size.
 */
const photoNoiseStrength = 16;
const photoJpegQuality = "4";
/** Videos have grain too, so that the bit rate is spent, as a phone's is. */
const videoNoiseStrength = 20;
/** x264's fastest preset: the bench tests the upload, not the compression. */
const x264Preset = "ultrafast";
/** Photos' EXIF dates: one every three hours from this day on, so each photo has its own. */
const firstPhotoDateMs = Date.UTC(2023, 0, 1, 9, 0, 0);
const photoDateStepMs = 3 * 3600_000;
/** Videos' container creation times: one a day from this day on. */
const firstVideoDateMs = Date.UTC(2024, 4, 1, 10, 0, 0);
const videoDateStepMs = 24 * 3600_000;

const photoName = (index: number) => `IMG_${String(index + 1).padStart(4, "0")}.jpg`;
const videoName = (index: number) => `VID_${String(index + 1).padStart(4, "0")}.mp4`;

/**
 * The photos in `jobs` ffmpeg processes (one per core: each encodes its
 * frames on one thread), each with its own hue and noise seed, then their
 * EXIF dates (DateTimeOriginal and CreateDate, from the modification time
 * set first) and camera in one exiftool run.
 */
const makePhotos = async (dir: string, shape: MediaSetShape, jobs: number): Promise<void> => {
  const perJob = Math.ceil(shape.photoCount / jobs);
  await Promise.all(
    Array.from({ length: jobs }, async (_, job) => {
      const first = job * perJob;
      const count = Math.min(perJob, shape.photoCount - first);
      if (count <= 0) return;
      const size = `${String(shape.photoWidthPx)}x${String(shape.photoHeightPx)}`;
      const hue = String(Math.round((job * 360) / jobs));
      const noise = `noise=alls=${String(photoNoiseStrength)}:allf=t+u:all_seed=${String(job + 1)}`;
      await run("ffmpeg", [
        ...["-v", "error", "-y", "-f", "lavfi"],
        ...["-i", `testsrc2=size=${size}:rate=1,hue=h=${hue},${noise}`],
        ...["-frames:v", String(count), "-q:v", photoJpegQuality, "-threads", "1"],
        ...["-start_number", String(first + 1), path.join(dir, "IMG_%04d.jpg")],
      ]);
    }),
  );
  const names = Array.from({ length: shape.photoCount }, (_, index) => photoName(index));
  await Promise.all(
    names.map((name, index) => {
      const date = new Date(firstPhotoDateMs + index * photoDateStepMs);
      return utimes(path.join(dir, name), date, date);
    }),
  );
  await run("exiftool", [
    ...["-q", "-P", "-overwrite_original"],
    ...["-DateTimeOriginal<FileModifyDate", "-CreateDate<FileModifyDate"],
    ...["-Make=Cairn", "-Model=Bench camera"],
    ...names.map((name) => path.join(dir, name)),
  ]);
};

/** The videos, one after another (x264 uses both cores). */
const makeVideos = async (dir: string, shape: MediaSetShape): Promise<void> => {
  for (let index = 0; index < shape.videoCount; index++) {
    const size = `${String(shape.videoWidthPx)}x${String(shape.videoHeightPx)}`;
    const source = `testsrc2=size=${size}:rate=30:duration=${String(shape.videoDurationSec)}`;
    const noise = `noise=alls=${String(videoNoiseStrength)}:allf=t+u:all_seed=${String(index + 101)}`;
    const bitRate = `${String(shape.videoBitRateMbps)}M`;
    const creationTime = new Date(firstVideoDateMs + index * videoDateStepMs).toISOString();
    await run("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", `${source},${noise}`],
      ...["-c:v", "libx264", "-preset", x264Preset, "-pix_fmt", "yuv420p"],
      ...[
        "-b:v",
        bitRate,
        "-maxrate",
        bitRate,
        "-bufsize",
        `${String(2 * shape.videoBitRateMbps)}M`,
      ],
      ...["-movflags", "+faststart", "-metadata", `creation_time=${creationTime}`],
      path.join(dir, videoName(index)),
    ]);
  }
};

interface Manifest {
  shape: MediaSetShape;
  files: Omit<MediaFile, "path">[];
  generatedMs: number;
}

/** The cached set in `dir` when it is complete (every file there, of its size), else undefined. */
const cachedSet = async (dir: string, shape: MediaSetShape): Promise<MediaSet | undefined> => {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, manifestName), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
  if (JSON.stringify(manifest.shape) !== JSON.stringify(shape)) return undefined;
  const files = manifest.files.map((file) => ({ ...file, path: path.join(dir, file.name) }));
  for (const file of files) {
    const sizeBytes = await stat(file.path).then(
      (stats) => stats.size,
      () => -1,
    );
    if (sizeBytes !== file.sizeBytes) return undefined;
  }
  const totalBytes = files.reduce((total, file) => total + file.sizeBytes, 0);
  return { dir, files, totalBytes, generatedMs: 0, fromCache: true };
};

/** The media set of `shape`: from the cache, else made now (and cached). */
export const mediaSet = async (
  shape: MediaSetShape,
  log: (line: string) => void,
): Promise<MediaSet> => {
  const dir = setDirOf(shape);
  const cached = await cachedSet(dir, shape);
  if (cached !== undefined) {
    log(`media set from the cache in ${dir}`);
    return cached;
  }
  log(
    `generating ${String(shape.photoCount)} photos and ${String(shape.videoCount)} videos in ${dir}`,
  );
  const startMs = performance.now();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // Two jobs at most: the machine has two cores and other work on them.
  await makePhotos(dir, shape, Math.max(1, Math.min(2, os.availableParallelism())));
  await makeVideos(dir, shape);
  const generatedMs = performance.now() - startMs;
  const names = (await readdir(dir)).sort();
  const files: MediaFile[] = [];
  for (const name of names) {
    const kind = name.endsWith(".jpg") ? "photo" : "video";
    files.push({
      path: path.join(dir, name),
      name,
      kind,
      sizeBytes: (await stat(path.join(dir, name))).size,
    });
  }
  const expected = shape.photoCount + shape.videoCount;
  if (files.length !== expected) {
    throw new Error(`Generated ${String(files.length)} files, not ${String(expected)}`);
  }
  const manifest: Manifest = {
    shape,
    files: files.map(({ name, kind, sizeBytes }) => ({ name, kind, sizeBytes })),
    generatedMs,
  };
  await writeFile(path.join(dir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  const totalBytes = files.reduce((total, file) => total + file.sizeBytes, 0);
  return { dir, files, totalBytes, generatedMs, fromCache: false };
};
