import { readFile } from "node:fs/promises";
import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { qrFromImageFile } from "./qr-from-image-file";
import { qrFromPixels } from "./qr-from-pixels";
import { fullSizePixels, sharpImagePixels } from "./test-support/sharp-image-pixels";

const totpURI =
  "otpauth://totp/GitHub:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&algorithm=SHA1&digits=6&period=30";
const hotpURI = "otpauth://hotp/Example:bob?secret=GEZDGNBVGY3TQOJQ&issuer=Example&counter=7";
// An export of another authenticator: a base64 protobuf of accounts (a longer payload, a denser code).
const migrationURI =
  "otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGGFsaWNlQGV4YW1wbGUuY29tGgdFeGFtcGxlIAEoATACCjMKCkhlbGxvId6tvu8SGmNhcm9sQGV4YW1wbGUub3JnGgdFeGFtcGxlIAEoATACEAEYASAA";

const decoder = { decodeToPixels: sharpImagePixels };

const qrPNG = (text: string, widthPx: number, margin = 4) =>
  QRCode.toBuffer(text, { type: "png", width: widthPx, margin });

/** A white `widthPx`×`heightPx` PNG with `qr` at (leftPx, topPx) and some grey shapes around it. */
const composed = async (
  qr: Buffer,
  widthPx: number,
  heightPx: number,
  leftPx: number,
  topPx: number,
): Promise<Buffer> => {
  const block = (w: number, h: number, grey: number) =>
    sharp({
      create: { width: w, height: h, channels: 3, background: { r: grey, g: grey, b: grey } },
    })
      .png()
      .toBuffer();
  return sharp({
    create: { width: widthPx, height: heightPx, channels: 3, background: "#ffffff" },
  })
    .composite([
      {
        input: await block(Math.round(widthPx / 4), Math.round(heightPx / 6), 40),
        left: 10,
        top: 10,
      },
      {
        input: await block(Math.round(widthPx / 5), Math.round(heightPx / 8), 160),
        left: Math.round(widthPx / 2),
        top: Math.round(heightPx * 0.8),
      },
      { input: qr, left: leftPx, top: topPx },
    ])
    .png()
    .toBuffer();
};

describe("qrFromImageFile", () => {
  it.each([
    ["a TOTP otpauth:// URI", totpURI],
    ["an HOTP otpauth:// URI", hotpURI],
    ["an otpauth-migration:// export", migrationURI],
  ])("reads %s from a QR code PNG", async (_, uri) => {
    expect(await qrFromImageFile(await qrPNG(uri, 400), decoder)).toEqual({
      kind: "found",
      text: uri,
    });
  });

  it("finds a small code inside a larger screenshot with other content", async () => {
    const screenshot = await composed(await qrPNG(totpURI, 220), 1400, 900, 700, 300);
    expect(await qrFromImageFile(screenshot, decoder)).toEqual({ kind: "found", text: totpURI });
  });

  it("finds a light code on a dark background (a dark-mode screenshot)", async () => {
    const inverted = await sharp(await qrPNG(totpURI, 400))
      .negate({ alpha: false })
      .png()
      .toBuffer();
    const pixels = await fullSizePixels(inverted);
    // The code's corner is light: the image really is inverted.
    expect(pixels.data[0]).toBe(0);
    expect(await qrFromImageFile(inverted, decoder)).toEqual({ kind: "found", text: totpURI });
  });

  it("finds the code in a 4000×3000 photo, decoded smaller", async () => {
    const photo = await composed(await qrPNG(migrationURI, 900), 4000, 3000, 2300, 1200);
    const decoded = await sharpImagePixels(photo, 1600);
    expect(decoded && Math.max(decoded.width, decoded.height)).toBe(1600);
    expect(await qrFromImageFile(photo, decoder)).toEqual({ kind: "found", text: migrationURI });
  });

  it("says no-code for a photo without a code", async () => {
    // A real DSLR photo (5184×3456), see the fixtures' README.
    const photo = await readFile(
      path.resolve(import.meta.dirname, "../../../../shared/fixtures/media/canon-dslr.jpg"),
    );
    expect(await qrFromImageFile(photo, decoder)).toEqual({ kind: "no-code" });
  });

  it.each([
    ["text", new TextEncoder().encode("otpauth://totp/not-an-image")],
    ["a damaged JPEG header", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3])],
    ["nothing", new Uint8Array(0)],
  ])("says not-an-image for %s", async (_, bytes) => {
    expect(await qrFromImageFile(bytes, decoder)).toEqual({ kind: "not-an-image" });
  });
});

describe("qrFromPixels", () => {
  it("reads a camera frame's pixels as they are, a 4000×3000 frame reduced first", async () => {
    const frame = await fullSizePixels(
      await composed(await qrPNG(totpURI, 800), 4000, 3000, 1500, 1000),
    );
    expect(qrFromPixels(frame)).toEqual({ kind: "found", text: totpURI });
  });

  it("leaves the caller's pixels unchanged", async () => {
    const frame = await fullSizePixels(await qrPNG(hotpURI, 300));
    const before = frame.data.slice();
    qrFromPixels(frame);
    expect(frame.data).toEqual(before);
  });

  it("says no-code for a blank frame", () => {
    const blank = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).fill(255) };
    expect(qrFromPixels(blank)).toEqual({ kind: "no-code" });
  });
});
