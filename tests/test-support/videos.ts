// Videos for the media worker (probe and thumbnail) and the upload: MP4 and
// MOV, with and without container tags, short, rotated, of a photo, of
// seeded noise, and a file of sound only.

import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  ffmpegFile,
  fixtureMediaDir,
  greyNoiseEncodeArgs,
  inTemporaryDir,
  type MediaBytes,
  once,
  run,
  videoFrameRate,
  x264Preset,
} from "./media-tools";

/**
 * What every generated video shows: red before second 1, blue from second 1
 * on, so a thumbnail tells which second it was taken at (spec §9: second 1,
 * else second 0). As ffmpeg's colour names, and as the RGB a decoder gives.
 */
export const generatedVideoColours = {
  beforeSecond1: { name: "red", rgb: [255, 0, 0] },
  fromSecond1: { name: "blue", rgb: [0, 0, 255] },
} as const;

export interface GeneratedVideoOptions {
  /** The container; MOV is what iPhones write. Default mp4. */
  container?: "mp4" | "mov";
  /** Default 2 s. */
  durationSec?: number;
  /** The stored frame size (before any rotation). Default 640×480. */
  widthPx?: number;
  heightPx?: number;
  /** A display rotation (a phone held upright records 1920×1080 turned by 90°), written by exiftool. */
  rotationDeg?: 90 | 180 | 270;
  /** The container's `creation_time` (ISO 8601, UTC); none when absent. */
  creationTime?: string;
  /** Apple's `com.apple.quicktime.creationdate` (ISO 8601 with offset), as iPhones write it. */
  appleCreationDate?: string;
  /** Apple's `com.apple.quicktime.content.identifier` (pairs a live photo's video with its image). */
  appleContentIdentifier?: string;
  /** The place as ISO 6709 ("+48.8584+002.2945/"), written as MP4's ©xyz `location`. */
  iso6709Location?: string;
  /** A stereo AAC track beside the video, as phones record. Default true. */
  withAudio?: boolean;
  /**
   * A photo of the shared fixtures filling every frame (scaled to cover,
   * cropped), for a picture with a photo's detail; the frames then do not
   * follow generatedVideoColours.
   */
  photo?: string;
}

/** A video as `options` say; see generatedVideoColours for what it shows. */
export const generatedVideo = (options: GeneratedVideoOptions = {}): Promise<MediaBytes> =>
  once(`video:${JSON.stringify(options)}`, () =>
    inTemporaryDir(async (dir) => {
      const {
        container = "mp4",
        durationSec = 2,
        widthPx = 640,
        heightPx = 480,
        rotationDeg,
        creationTime,
        appleCreationDate,
        appleContentIdentifier,
        iso6709Location,
        withAudio = true,
        photo,
      } = options;
      const size = `${String(widthPx)}x${String(heightPx)}`;
      const colour = (name: string, seconds: number) =>
        `color=c=${name}:s=${size}:r=${String(videoFrameRate)}:d=${String(seconds)}`;
      const { beforeSecond1, fromSecond1 } = generatedVideoColours;
      const photoInput =
        photo === undefined
          ? []
          : [
              ...["-loop", "1", "-framerate", String(videoFrameRate)],
              ...["-t", String(durationSec), "-i", path.join(fixtureMediaDir, photo)],
            ];
      const video =
        photo !== undefined
          ? `[0:v]scale=${size}:force_original_aspect_ratio=increase,` +
            `crop=${String(widthPx)}:${String(heightPx)},format=yuv420p[v]`
          : durationSec <= 1
            ? `${colour(beforeSecond1.name, durationSec)},format=yuv420p[v]`
            : `${colour(beforeSecond1.name, 1)}[a];${colour(fromSecond1.name, durationSec - 1)}[b];` +
              `[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]`;
      const audio = withAudio
        ? `;sine=frequency=440:sample_rate=48000:duration=${String(durationSec)},aformat=channel_layouts=stereo[s]`
        : "";
      const metadata: string[] = [];
      const tag = (key: string, value: string | undefined) => {
        if (value !== undefined) metadata.push("-metadata", `${key}=${value}`);
      };
      tag("creation_time", creationTime);
      tag("location", iso6709Location);
      tag("com.apple.quicktime.creationdate", appleCreationDate);
      tag("com.apple.quicktime.content.identifier", appleContentIdentifier);
      const out = path.join(dir, `clip.${container}`);
      await run("ffmpeg", [
        "-v",
        "error",
        ...photoInput,
        "-filter_complex",
        video + audio,
        "-map",
        "[v]",
        ...(withAudio ? ["-map", "[s]", "-c:a", "aac", "-b:a", "96k"] : []),
        "-c:v",
        "libx264",
        "-preset",
        x264Preset,
        ...metadata,
        // Keys other than the standard ones (Apple's) are written only with use_metadata_tags.
        "-movflags",
        "+faststart+use_metadata_tags",
        out,
      ]);
      if (rotationDeg !== undefined) {
        await run("exiftool", [
          "-q",
          "-overwrite_original",
          `-Rotation=${String(rotationDeg)}`,
          out,
        ]);
      }
      return new Uint8Array(await readFile(out));
    }),
  );

/** An audio-only M4A (AAC): a container ffmpeg reads, with no video in it. */
export const generatedM4a = (durationSec = 2): Promise<MediaBytes> =>
  once(`m4a:${String(durationSec)}`, () =>
    ffmpegFile("sound.m4a", [
      ...[
        "-f",
        "lavfi",
        "-i",
        `sine=frequency=440:sample_rate=48000:duration=${String(durationSec)}`,
      ],
      ...["-c:a", "aac"],
    ]),
  );

/** The size and length of a noise video: a phone's grainy low-light clip, at small cost. */
const noiseVideoWidthPx = 640;
const noiseVideoHeightPx = 360;
const noiseVideoFrames = 2 * videoFrameRate;

/** A seeded xorshift32 stream of bytes: the same seed gives the same noise on every machine. */
const seededNoise = (seed: number, length: number): Buffer => {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return bytes;
};

/**
 * A 2 s H.264 MP4 of grey noise from `seed` (640×360, a key frame every 10
 * frames), the same bytes for the same seed: noise is the hardest picture for
 * a JPEG encoder, and some seeds make frames that broke ffmpeg.wasm's.
 */
export const generatedNoiseVideo = (seed: number): Promise<MediaBytes> =>
  once(`noise-video:${String(seed)}`, () =>
    inTemporaryDir(async (dir) => {
      const out = path.join(dir, "noise.mp4");
      const frames = seededNoise(seed, noiseVideoWidthPx * noiseVideoHeightPx * noiseVideoFrames);
      const encoding = run("ffmpeg", [
        "-v",
        "error",
        ...greyNoiseEncodeArgs("pipe:0", noiseVideoWidthPx, noiseVideoHeightPx),
        // One thread: x264's output is then the same on every machine.
        "-threads",
        "1",
        out,
      ]);
      encoding.child.stdin?.end(frames);
      await encoding;
      return new Uint8Array(await readFile(out));
    }),
  );
