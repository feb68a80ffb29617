import { describe, expect, it } from "vitest";
import { ffmpegFailureMessage, missingMP4Encoders } from "./mp4-conversion-rules";

const listing = (...encoderLines: string[]) =>
  ["Encoders:", " V..... = Video", " ------", ...encoderLines].join("\n");

describe("missingMP4Encoders", () => {
  it.each<[string, string, string[]]>([
    [
      "a build with x264 and AAC",
      listing(
        " V..... libx264              libx264 H.264 / AVC / MPEG-4 AVC (codec h264)",
        " A..... aac                  AAC (Advanced Audio Coding)",
      ),
      [],
    ],
    [
      "a build with only MPEG-4 part 2, which browsers do not play",
      listing(
        " V.S... mpeg4                MPEG-4 part 2",
        " A..... aac                  AAC (Advanced Audio Coding)",
      ),
      ["libx264"],
    ],
    [
      "a build with a hardware H.264 encoder only",
      listing(
        " V..... h264_vaapi           H.264/AVC (VAAPI) (codec h264)",
        " A..... aac                  AAC (Advanced Audio Coding)",
      ),
      ["libx264"],
    ],
    ["an empty listing", "", ["libx264", "aac"]],
  ])("%s", (_case, encoders, missing) => {
    expect(missingMP4Encoders(encoders)).toEqual(missing);
  });
});

describe("ffmpegFailureMessage", () => {
  it("keeps the last lines ffmpeg wrote", () => {
    const stderr = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join("\n");
    const message = ffmpegFailureMessage("exited 1", `${stderr}\n\n`);
    expect(message.split("\n")).toEqual([
      "ffmpeg exited 1",
      ...Array.from({ length: 8 }, (_, index) => `line ${index + 13}`),
    ]);
  });
});
