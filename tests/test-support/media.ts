// Real media for tests, made with Debian's tools (ffmpeg, heif-enc,
// heif-convert, exiftool) and JSZip. This module has the small pictures and
// clips of the library tests (JPEG thumbnails of the shared fixture photos,
// distinct JPEG images, a short MP4, a live photo as uploads store it: a zip
// of an image and a video, spec §3) and gathers the rest: videos of every
// shape the upload meets (test-videos.ts), a HEIC and a live photo as a phone
// writes it (test-live-photos.ts) and a large video on disk
// (test-large-video.ts). Results are memoised per process: tests ask for the
// same media often.

import path from "node:path";
import JSZip from "jszip";
import { ffmpeg, ffmpegFile, inTemporaryDir, type MediaBytes, once, run } from "./media-tools";

export { fixtureMediaDir, type MediaBytes } from "./media-tools";
export * from "./large-video";
export * from "./live-photos";
export * from "./videos";

/**
 * Thumbnails of test files: small (like the web app's, which are at most 720
 * px and about 100 KB) so that a test library uploads quickly.
 */
const thumbnailHeightPx = 240;
/** ffmpeg's JPEG quality scale: 2 best … 31 worst; 5 is visually clean and small. */
const jpegQuality = "5";

/** A JPEG thumbnail (height `thumbnailHeightPx`) of an image file; HEIC goes through heif-convert first. */
export const thumbnailOf = (imagePath: string): Promise<MediaBytes> =>
  once(`thumbnail:${imagePath}`, async () => {
    const scale = ["-vf", `scale=-2:${String(thumbnailHeightPx)}`, "-q:v", jpegQuality];
    const toJpeg = (input: string) =>
      ffmpeg([
        "-i",
        input,
        ...scale,
        "-frames:v",
        "1",
        "-f",
        "image2pipe",
        "-vcodec",
        "mjpeg",
        "-",
      ]);
    if (!/\.hei[cf]$/i.test(imagePath)) return toJpeg(imagePath);
    return inTemporaryDir(async (dir) => {
      const converted = path.join(dir, "converted.jpg");
      await run("heif-convert", [imagePath, converted]);
      return toJpeg(converted);
    });
  });

/** A distinct small JPEG image (a colour and a pattern chosen by `index`). */
export const generatedJpeg = (index: number, sizePx = 320): Promise<MediaBytes> =>
  once(`jpeg:${String(index)}:${String(sizePx)}`, () => {
    const hue = (index * 47) % 360;
    return ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${String(sizePx)}x${String(sizePx)}:rate=1,hue=h=${String(hue)}`,
      "-frames:v",
      "1",
      "-q:v",
      jpegQuality,
      "-f",
      "image2pipe",
      "-vcodec",
      "mjpeg",
      "-",
    ]);
  });

/** A short H.264 MP4 (Chromium plays it) of `seconds` seconds. */
export const generatedMp4 = (seconds = 2): Promise<MediaBytes> =>
  once(`mp4:${String(seconds)}`, () =>
    ffmpegFile("clip.mp4", [
      ...["-f", "lavfi", "-i", `testsrc2=size=320x240:rate=15:duration=${String(seconds)}`],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"],
    ]),
  );

/** An MPEG-4 Part 2 AVI of `seconds` seconds, as old cameras made: Chromium plays neither the codec nor the container. */
export const generatedAvi = (seconds = 4): Promise<MediaBytes> =>
  once(`avi:${String(seconds)}`, () =>
    ffmpegFile("clip.avi", [
      ...["-f", "lavfi", "-i", `testsrc2=size=640x360:rate=25:duration=${String(seconds)}`],
      ...["-c:v", "mpeg4", "-q:v", "5"],
    ]),
  );

/** An 800×600 TIFF, as a scanner makes: Chromium cannot decode it. */
export const generatedTiff = (): Promise<MediaBytes> =>
  once("tiff", () =>
    ffmpeg([
      ...["-f", "lavfi", "-i", "testsrc2=size=800x600:rate=1", "-frames:v", "1"],
      ...["-f", "image2pipe", "-vcodec", "tiff", "-"],
    ]),
  );

/** A frame of the generated MP4 as its thumbnail. */
export const generatedMp4Thumbnail = (): Promise<MediaBytes> =>
  once("mp4-thumbnail", () =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=320x240:rate=1",
      "-frames:v",
      "1",
      "-vf",
      `scale=-2:${String(thumbnailHeightPx)}`,
      "-q:v",
      jpegQuality,
      "-f",
      "image2pipe",
      "-vcodec",
      "mjpeg",
      "-",
    ]),
  );

/** A live photo as uploads store it: a zip holding `<name>.jpg` and `<name>.mp4`. */
export const generatedLivePhoto = (name: string, index = 0): Promise<MediaBytes> =>
  once(`live:${name}:${String(index)}`, async () => {
    const zip = new JSZip();
    zip.file(`${name}.jpg`, await generatedJpeg(index));
    zip.file(`${name}.mp4`, await generatedMp4(3));
    return zip.generateAsync({ type: "uint8array" });
  });
