import { describe, expect, it } from "vitest";
import { FileConversionFailedError } from "../media/image/file-conversion-error";
import { createUnavailableConversions } from "./conversion-preference";
import type { NativeConversionResult } from "./native-conversion-contract";
import { playableVideoFromNative } from "./playable-video-converter";

const mp4 = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]);

const setup = (answer: NativeConversionResult | Error) => {
  const asked: string[] = [];
  const convert = playableVideoFromNative({
    native: {
      toMP4: (_bytes, fileName) => {
        asked.push(fileName);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    },
    remembered: createUnavailableConversions(),
  });
  return { convert, asked };
};

describe("the viewer's MP4 in the desktop app", () => {
  it("is the native conversion's, typed as an MP4", async () => {
    const { convert } = setup({ ok: true, bytes: mp4 });
    const playable = await convert(new Blob(["avi"]), "clip.avi");
    expect(playable?.type).toBe("video/mp4");
    expect(new Uint8Array(await (playable as Blob).arrayBuffer())).toEqual(mp4);
  });

  it("is none where native cannot convert, and native is not asked again for that kind", async () => {
    const { convert, asked } = setup({
      ok: false,
      reason: "not-available",
      message: "ffmpeg is not available on this platform",
    });
    expect(await convert(new Blob(["avi"]), "a.avi")).toBeUndefined();
    expect(await convert(new Blob(["avi"]), "b.AVI")).toBeUndefined();
    expect(await convert(new Blob(["mkv"]), "c.mkv")).toBeUndefined();
    expect(asked).toEqual(["a.avi", "c.mkv"]);
  });

  it("fails with 'file conversion failed' on a file native failed on, and still asks for the next", async () => {
    const { convert, asked } = setup({
      ok: false,
      reason: "failed",
      message: "moov atom not found",
    });
    const failure = await convert(new Blob(["avi"], { type: "video/x-msvideo" }), "a.avi").catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(FileConversionFailedError);
    expect((failure as FileConversionFailedError).message).toBe("file conversion failed");
    expect((failure as FileConversionFailedError).mimeType).toBe("video/x-msvideo");
    await convert(new Blob(["avi"]), "b.avi").catch(() => undefined);
    expect(asked).toEqual(["a.avi", "b.avi"]);
  });

  it("fails for this file when the utility process went away, and asks again next time", async () => {
    const { convert, asked } = setup(new Error("port closed"));
    await expect(convert(new Blob(["avi"]), "a.avi")).rejects.toBeInstanceOf(
      FileConversionFailedError,
    );
    await expect(convert(new Blob(["avi"]), "a.avi")).rejects.toBeInstanceOf(
      FileConversionFailedError,
    );
    expect(asked).toEqual(["a.avi", "a.avi"]);
  });
});
