import { describe, expect, it } from "vitest";
import type { NativeConversionResult } from "./native-conversion-contract";
import {
  createUnavailableConversions,
  preferNative,
  type NativeConverter,
} from "./conversion-preference";

const nativeBytes = new Uint8Array([1]);
const webBytes = new Uint8Array([2]);
const input = new Uint8Array([0]);

/** A native converter answering `answer`, with the names it was asked for. */
const nativeAnswering = (answer: (fileName: string) => NativeConversionResult) => {
  const asked: string[] = [];
  const native: NativeConverter = (_bytes, fileName) => {
    asked.push(fileName);
    return Promise.resolve(answer(fileName));
  };
  return { native, asked };
};

const web = () => Promise.resolve(webBytes);

const notAvailable: NativeConversionResult = {
  ok: false,
  reason: "not-available",
  message: "no HEVC decoder",
};
const failed: NativeConversionResult = { ok: false, reason: "failed", message: "damaged" };

describe("preferNative", () => {
  it("uses native's bytes when native converts", async () => {
    const { native, asked } = nativeAnswering(() => ({ ok: true, bytes: nativeBytes }));
    const convert = preferNative({
      conversion: "jpeg",
      native,
      web,
      remembered: createUnavailableConversions(),
    });
    expect(await convert(input, "a.tif")).toBe(nativeBytes);
    expect(await convert(input, "b.tif")).toBe(nativeBytes);
    expect(asked).toEqual(["a.tif", "b.tif"]);
  });

  it("asks native once for a kind it reported not-available, then goes straight to the web path", async () => {
    const { native, asked } = nativeAnswering((name) =>
      name.endsWith(".heic") ? notAvailable : { ok: true, bytes: nativeBytes },
    );
    const convert = preferNative({
      conversion: "jpeg",
      native,
      web,
      remembered: createUnavailableConversions(),
    });
    expect(await convert(input, "1.heic")).toBe(webBytes);
    expect(await convert(input, "2.HEIC")).toBe(webBytes);
    expect(await convert(input, "3.heic")).toBe(webBytes);
    // Another kind is still asked natively.
    expect(await convert(input, "4.tif")).toBe(nativeBytes);
    expect(asked).toEqual(["1.heic", "4.tif"]);
  });

  it("remembers per conversion: a JPEG kind unavailable does not skip MP4s", async () => {
    const remembered = createUnavailableConversions();
    const jpeg = nativeAnswering(() => notAvailable);
    const mp4 = nativeAnswering(() => ({ ok: true, bytes: nativeBytes }));
    const toJPEG = preferNative({ conversion: "jpeg", native: jpeg.native, web, remembered });
    const toMP4 = preferNative({ conversion: "mp4", native: mp4.native, web, remembered });
    expect(await toJPEG(input, "a.mov")).toBe(webBytes);
    expect(await toMP4(input, "a.mov")).toBe(nativeBytes);
    expect(await toMP4(input, "b.mov")).toBe(nativeBytes);
    expect(mp4.asked).toEqual(["a.mov", "b.mov"]);
  });

  it("falls back for a failed file without remembering its kind", async () => {
    const { native, asked } = nativeAnswering((name) =>
      name === "broken.tif" ? failed : { ok: true, bytes: nativeBytes },
    );
    const convert = preferNative({
      conversion: "jpeg",
      native,
      web,
      remembered: createUnavailableConversions(),
    });
    expect(await convert(input, "broken.tif")).toBe(webBytes);
    expect(await convert(input, "fine.tif")).toBe(nativeBytes);
    expect(asked).toEqual(["broken.tif", "fine.tif"]);
  });

  it("treats a native call that throws as failed for that file only", async () => {
    let calls = 0;
    const native: NativeConverter = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error("utility process exited"))
        : Promise.resolve({ ok: true, bytes: nativeBytes });
    };
    const convert = preferNative({
      conversion: "mp4",
      native,
      web,
      remembered: createUnavailableConversions(),
    });
    expect(await convert(input, "a.avi")).toBe(webBytes);
    expect(await convert(input, "b.avi")).toBe(nativeBytes);
  });

  it("remembers under the kind the caller sniffs, not the name", async () => {
    const { native, asked } = nativeAnswering((name) =>
      name === "photo-is-heic.jpg" ? notAvailable : { ok: true, bytes: nativeBytes },
    );
    const convert = preferNative({
      conversion: "jpeg",
      native,
      web,
      remembered: createUnavailableConversions(),
      fileKindOf: (_bytes, name) => (name.includes("heic") ? "heif" : "jpg"),
    });
    expect(await convert(input, "photo-is-heic.jpg")).toBe(webBytes);
    expect(await convert(input, "other-heic.jpg")).toBe(webBytes);
    expect(await convert(input, "plain.jpg")).toBe(nativeBytes);
    expect(asked).toEqual(["photo-is-heic.jpg", "plain.jpg"]);
  });
});
