import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDirectory, type StaticServer } from "../../bench/lib/static-server";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import type { EditAdjustments, EditRenderSpec } from "../../shared/model/editor/render-spec";
import { editFilterNames } from "../../shared/model/editor/render-spec";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { applyAffine, type Affine2d } from "../../shared/model/editor/affine-2d";
import { type Rgb, adjustPixel, adjustPixel8Bit } from "../../shared/model/editor/adjust-pixel";
import { neutralEditAdjustments } from "../../shared/model/editor/filter-presets";
import { redBlueImage, withExifOrientation } from "../../workers/media/image/test-support/images";
import type { RawPixels } from "./pages/editor-render/pixels";
import type { RenderAnswer, SessionOptions } from "./pages/editor-render/editor-render.worker";
import { launchPatientChromium } from "./test-support/patient-browser";

// The editor's renderer (workers/editor) on the GPU path of Debian's Chromium
// (WebGL2 on SwiftShader here): the colour maths against the note's JS
// formulas, the output-to-source mapping, tiled full renders against untiled
// ones, the WebGL fallback, and the real worker's preview into a page's canvas.
// See: [Note: The editor's adjustments], [Note: A full render goes in tiles]

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/editor-render");
const outDir = path.join(here, ".build/editor-render");

/** ±2/255: the GPU's float maths and its rounding to 8 bits against the reference's doubles. */
const tolerance = 2;

/** Pixels made in the test, as the page takes them. */
const rawPixels = (widthPx: number, heightPx: number, rgba: number[]): RawPixels => ({
  widthPx,
  heightPx,
  rgbaB64: toB64(new Uint8Array(rgba)),
});

/** A 4 × 3 source: blacks, whites, saturated and mid colours. */
const smallSource: RawPixels = (() => {
  const colours: Rgb[] = [
    [0, 0, 0],
    [255, 255, 255],
    [255, 0, 0],
    [0, 128, 255],
    [30, 60, 90],
    [200, 180, 40],
    [128, 128, 128],
    [10, 240, 120],
    [250, 200, 220],
    [64, 32, 16],
    [90, 140, 200],
    [180, 90, 250],
  ];
  return rawPixels(
    4,
    3,
    colours.flatMap((rgb) => [...rgb, 255]),
  );
})();

/** The decoded bytes of each pixels' base64, kept: tests read them pixel by pixel. */
const decoded = new WeakMap<RawPixels, Uint8Array>();

const pixelAt = (pixels: RawPixels, x: number, y: number): Rgb => {
  let rgba = decoded.get(pixels);
  if (rgba === undefined) {
    rgba = fromB64(pixels.rgbaB64);
    decoded.set(pixels, rgba);
  }
  const at = (y * pixels.widthPx + x) * 4;
  return [rgba[at] ?? -1, rgba[at + 1] ?? -1, rgba[at + 2] ?? -1];
};

const spec = (
  outputToSource: Affine2d,
  [outputWidthPx, outputHeightPx]: [number, number],
  adjustments: Partial<EditAdjustments> = {},
  filter: EditRenderSpec["filter"] = "none",
  filterStrength = 100,
): EditRenderSpec => ({
  outputWidthPx,
  outputHeightPx,
  outputToSource,
  adjustments: { ...neutralEditAdjustments, ...adjustments },
  filter,
  filterStrength,
});

const identity: Affine2d = [1, 0, 0, 0, 1, 0];

/** The largest channel difference between `actual` and `expected`, and where. */
const largestDifference = (actual: RawPixels, expected: (x: number, y: number) => Rgb) => {
  let largest = { difference: 0, x: -1, y: -1, actual: [] as number[], expected: [] as number[] };
  for (let y = 0; y < actual.heightPx; y++) {
    for (let x = 0; x < actual.widthPx; x++) {
      const got = pixelAt(actual, x, y);
      const want = expected(x, y);
      const difference = Math.max(
        ...got.map((value, channel) => Math.abs(value - (want[channel] ?? 999))),
      );
      if (difference > largest.difference)
        largest = { difference, x, y, actual: [...got], expected: [...want] };
    }
  }
  return largest;
};

let server: StaticServer;
let browser: Browser;
let page: Page;

const renderAll = async (
  source: RawPixels,
  specs: EditRenderSpec[],
  options: SessionOptions = {},
) => {
  const answer: RenderAnswer = await page.evaluate(
    ([source, specs, options]) => {
      const test = window.cairnEditorRenderTest;
      if (test === undefined) throw new Error("The test page has no API");
      return test.renderAll(source, specs, options);
    },
    [source, specs, options] as const,
  );
  if (answer.kind !== "rendered") throw new Error(`refused: ${answer.reason}`);
  return answer;
};

beforeAll(async () => {
  await build(benchPageViteConfig(pageRoot, outDir));
  await mkdir(path.join(outDir, "media"), { recursive: true });
  const turned = await withExifOrientation(await redBlueImage("jpg", 64, 32), 6);
  await writeFile(path.join(outDir, "media", "turned-6.jpg"), turned);
  server = await serveDirectory(outDir);
  browser = await launchPatientChromium();
  page = await browser.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") console.log(`[page] ${message.text()}`);
  });
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => window.cairnEditorRenderTest !== undefined);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

describe("the colour maths", () => {
  const adjustmentNames = Object.keys(neutralEditAdjustments) as (keyof EditAdjustments)[];
  const cases: [string, EditRenderSpec][] = [
    ["nothing", spec(identity, [4, 3])],
    ...adjustmentNames.flatMap((name) =>
      [-100, -40, 60, 100].map((value): [string, EditRenderSpec] => [
        `${name} ${String(value)}`,
        spec(identity, [4, 3], { [name]: value }),
      ]),
    ),
    ...editFilterNames.flatMap((filter) =>
      [100, 50].map((strength): [string, EditRenderSpec] => [
        `${filter} at ${String(strength)}`,
        spec(identity, [4, 3], {}, filter, strength),
      ]),
    ),
    [
      "everything at once",
      spec(
        identity,
        [4, 3],
        {
          exposure: 20,
          brightness: -10,
          contrast: 30,
          highlights: -40,
          shadows: 50,
          warmth: 25,
          saturation: -20,
        },
        "sepia",
        70,
      ),
    ],
  ];

  it.each(["webgl2", "webgl"] as const)(
    "draws every adjustment and filter as the note's formulas, within ±2/255 (%s)",
    async (version) => {
      const { gl, outputs } = await renderAll(
        smallSource,
        cases.map(([, given]) => given),
        {
          glVersions: [version],
        },
      );
      expect(gl).toBe(version);
      const failures = cases.flatMap(([name, given], index) => {
        const output = outputs[index];
        if (output === undefined) return [`${name}: no output`];
        const largest = largestDifference(output, (x, y) =>
          adjustPixel8Bit(pixelAt(smallSource, x, y), given),
        );
        return largest.difference > tolerance ? [`${name}: ${JSON.stringify(largest)}`] : [];
      });
      expect(failures).toEqual([]);
    },
  );
});

describe("the output-to-source map", () => {
  it.each([
    // Output (x, y) of a quarter turn clockwise reads source (y, 2 − x).
    [
      "a quarter turn",
      [0, 1, 0, -1, 0, 3] as Affine2d,
      [3, 4] as [number, number],
      (x: number, y: number) => [y, 2 - x],
    ],
    [
      "a mirror",
      [-1, 0, 4, 0, 1, 0] as Affine2d,
      [4, 3] as [number, number],
      (x: number, y: number) => [3 - x, y],
    ],
    [
      "a crop of the middle two columns",
      [1, 0, 1, 0, 1, 0] as Affine2d,
      [2, 3] as [number, number],
      (x: number, y: number) => [x + 1, y],
    ],
  ])("places every pixel: %s", async (_, affine, size, sourceOf) => {
    const given = spec(affine, size, { warmth: 30 });
    const { outputs } = await renderAll(smallSource, [given]);
    const output = outputs[0];
    if (output === undefined) throw new Error("no output");
    expect([output.widthPx, output.heightPx]).toEqual(size);
    const largest = largestDifference(output, (x, y) => {
      const [sx = 0, sy = 0] = sourceOf(x, y);
      return adjustPixel8Bit(pixelAt(smallSource, sx, sy), given);
    });
    expect(largest.difference).toBeLessThanOrEqual(tolerance);
  });
});

/** A 300 × 200 source: smooth ramps and a fine pattern (which a misplaced texel would show). */
const largeSource: RawPixels = (() => {
  const widthPx = 300;
  const heightPx = 200;
  const rgba: number[] = [];
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      rgba.push(
        Math.round((x * 255) / (widthPx - 1)),
        Math.round((y * 255) / (heightPx - 1)),
        ((x * 7 + y * 13) % 32) * 8,
        255,
      );
    }
  }
  return rawPixels(widthPx, heightPx, rgba);
})();

/** A 240 × 150 crop of the large source, straightened by 10° about its centre. */
const straightened = (): EditRenderSpec => {
  const cos = Math.cos((10 * Math.PI) / 180);
  const sin = Math.sin((10 * Math.PI) / 180);
  const [ow, oh, sw, sh] = [240, 150, 300, 200];
  return spec(
    [
      cos,
      -sin,
      sw / 2 - cos * (ow / 2) + sin * (oh / 2),
      sin,
      cos,
      sh / 2 - sin * (ow / 2) - cos * (oh / 2),
    ],
    [ow, oh],
    { contrast: 20, warmth: 30 },
    "vivid",
    50,
  );
};

/** Bilinear sampling of 8-bit texels with clamp-to-edge, as the GPU samples (in doubles). */
const bilinear = (source: RawPixels, sx: number, sy: number): Rgb => {
  const x0 = Math.floor(sx - 0.5);
  const y0 = Math.floor(sy - 0.5);
  const fx = sx - 0.5 - x0;
  const fy = sy - 0.5 - y0;
  const at = (x: number, y: number) =>
    pixelAt(
      source,
      Math.min(Math.max(x, 0), source.widthPx - 1),
      Math.min(Math.max(y, 0), source.heightPx - 1),
    );
  const [a, b, c, d] = [at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1)];
  return [0, 1, 2].map(
    (channel) =>
      ((a[channel] ?? 0) * (1 - fx) + (b[channel] ?? 0) * fx) * (1 - fy) +
      ((c[channel] ?? 0) * (1 - fx) + (d[channel] ?? 0) * fx) * fy,
  ) as unknown as Rgb;
};

describe("a full render", () => {
  it("samples a turned crop bilinearly where the affine says", async () => {
    const given = straightened();
    const { outputs } = await renderAll(largeSource, [given]);
    const output = outputs[0];
    if (output === undefined) throw new Error("no output");
    const largest = largestDifference(output, (x, y) => {
      const { x: sx, y: sy } = applyAffine(given.outputToSource, { x: x + 0.5, y: y + 0.5 });
      const sampled = bilinear(largeSource, sx, sy).map((value) => value / 255) as unknown as Rgb;
      return adjustPixel(sampled, given).map((value) => Math.round(value * 255)) as unknown as Rgb;
    });
    // The fine pattern jumps by up to 248 between texels: the GPU's fixed-point
    // blend weights (8 bits) move such a blend by a few levels.
    expect(largest.difference).toBeLessThanOrEqual(4);
  });

  it.each([
    ["WebGL2, in 20 tiles", { limits: { sourceRegionSidePx: 64, outputTileSidePx: 48 } }],
    [
      "WebGL, in 20 tiles",
      { glVersions: ["webgl"], limits: { sourceRegionSidePx: 64, outputTileSidePx: 48 } },
    ],
  ] as [string, SessionOptions][])(
    "in tiles equals the render in one piece: %s",
    async (_, options) => {
      const given = straightened();
      const [whole, tiled] = await Promise.all([
        renderAll(largeSource, [given]),
        renderAll(largeSource, [given], options),
      ]);
      const wholeOutput = whole.outputs[0];
      const tiledOutput = tiled.outputs[0];
      if (wholeOutput === undefined || tiledOutput === undefined) throw new Error("no output");
      const largest = largestDifference(tiledOutput, (x, y) => pixelAt(wholeOutput, x, y));
      // See: [Note: A full render goes in tiles] (float rounding of the texture coordinates).
      expect(largest.difference).toBeLessThanOrEqual(1);
    },
  );

  it("renders an output half the source's size from a scaled copy, where the affine says", async () => {
    // Two source pixels a pixel: the photo is scaled down first (bilinear reads alone would alias).
    const given = spec([2, 0, 0, 0, 2, 0], [150, 100]);
    const { outputs } = await renderAll(largeSource, [given]);
    const output = outputs[0];
    if (output === undefined) throw new Error("no output");
    expect([output.widthPx, output.heightPx]).toEqual([150, 100]);
    // The smooth ramps (red across, green down) land where the affine puts them; blue's fine
    // pattern is averaged away by the downscale, as it should be.
    let largest = 0;
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 150; x++) {
        const [r, g] = pixelAt(output, x, y);
        // Output centre x + 0.5 is source point 2x + 1: between pixels 2x and 2x + 1, index 2x + 0.5.
        const [sx, sy] = [2 * x + 0.5, 2 * y + 0.5];
        largest = Math.max(
          largest,
          Math.abs(r - (sx * 255) / (largeSource.widthPx - 1)),
          Math.abs(g - (sy * 255) / (largeSource.heightPx - 1)),
        );
      }
    }
    expect(largest).toBeLessThanOrEqual(3);
  });

  it("is refused without WebGL, and for a file that is no image", async () => {
    const noGl = await page.evaluate(
      ([source, given]) =>
        window.cairnEditorRenderTest?.renderAll(source, [given], { glVersions: [] }),
      [smallSource, spec(identity, [4, 3])] as const,
    );
    expect(noGl).toEqual({ kind: "refused", reason: "no-webgl" });
    const notAnImage = await page.evaluate(
      ([bytesB64, given]) => window.cairnEditorRenderTest?.renderBytes(bytesB64, [given]),
      [toB64(new TextEncoder().encode("not an image")), spec(identity, [4, 3])] as const,
    );
    expect(notAnImage).toEqual({ kind: "refused", reason: "undecodable" });
  });
});

/**
 * The real worker's preview of `given` over the small source in a canvas of
 * `canvasSize`, read back from the page: its answer, and the largest
 * difference of any channel from `expected` (RGBA rows).
 */
const drawnPreview = async (
  canvasSize: { widthPx: number; heightPx: number },
  given: EditRenderSpec,
  expected: number[],
) => {
  const read = await page.evaluate(
    ([source, canvasSize, given, expected]) =>
      window.cairnEditorRenderTest?.preview(source, canvasSize, given, expected),
    [smallSource, canvasSize, given, expected] as const,
  );
  const rgba = [...fromB64(read?.pixels.rgbaB64 ?? "")];
  expect(rgba.length).toBe(expected.length);
  const worstDifference = Math.max(
    ...rgba.map((value, index) => Math.abs(value - (expected[index] ?? 999))),
  );
  return { read, worstDifference };
};

describe("the editor worker", () => {
  it("opens a photo as stored, before its EXIF orientation", async () => {
    const opened = await page.evaluate(() =>
      window.cairnEditorRenderTest?.openMedia("turned-6.jpg"),
    );
    expect(opened).toEqual({
      kind: "opened",
      widthPx: 64,
      heightPx: 32,
      exifOrientation: 6,
      gl: "webgl2",
    });
  });

  it("draws the preview into the page's canvas, fitted and centred", async () => {
    // A quarter turn (3 × 4) in a 6 × 4 canvas: drawn 1:1 at x = 1..3, transparent around.
    const given = spec([0, 1, 0, -1, 0, 3], [3, 4], { saturation: 40, shadows: 30 });
    const expected: number[] = [];
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 6; x++) {
        expected.push(
          ...(x >= 1 && x <= 3
            ? [...adjustPixel8Bit(pixelAt(smallSource, y, 2 - (x - 1)), given), 255]
            : [0, 0, 0, 0]),
        );
      }
    }
    const { read, worstDifference } = await drawnPreview(
      { widthPx: 6, heightPx: 4 },
      given,
      expected,
    );
    expect(read?.opened).toMatchObject({ kind: "opened", widthPx: 4, heightPx: 3 });
    expect(read?.outcome).toBe("drawn");
    expect(worstDifference).toBeLessThanOrEqual(tolerance);
  });

  it("leaves the preview transparent where it asks for a point outside the photo", async () => {
    // The crop view's frame of a straightened photo has empty corners: here the
    // 4 × 3 photo is drawn one pixel to the right in a 6 × 3 output, so the
    // first and last columns lie outside it.
    const given = spec([1, 0, -1, 0, 1, 0], [6, 3], { contrast: 20 });
    const expected: number[] = [];
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 6; x++) {
        expected.push(
          ...(x >= 1 && x <= 4
            ? [...adjustPixel8Bit(pixelAt(smallSource, x - 1, y), given), 255]
            : [0, 0, 0, 0]),
        );
      }
    }
    const { read, worstDifference } = await drawnPreview(
      { widthPx: 6, heightPx: 3 },
      given,
      expected,
    );
    expect(read?.outcome).toBe("drawn");
    expect(worstDifference).toBeLessThanOrEqual(tolerance);
  });

  it("samples a mip level of its copy when the photo is drawn much smaller", async () => {
    // 64 × 48 drawn into 8 × 6: eight texels a pixel, level 3 of the copy.
    const colour: Rgb = [200, 100, 50];
    const source = rawPixels(
      64,
      48,
      Array.from({ length: 64 * 48 }, () => [...colour, 255]).flat(),
    );
    const given = spec(identity, [64, 48], { contrast: 30 });
    const expected = Array.from({ length: 8 * 6 }, () => [
      ...adjustPixel8Bit(colour, given),
      255,
    ]).flat();
    const read = await page.evaluate(
      ([source, given, expected]) =>
        window.cairnEditorRenderTest?.preview(source, { widthPx: 8, heightPx: 6 }, given, expected),
      [source, given, expected] as const,
    );
    const rgba = [...fromB64(read?.pixels.rgbaB64 ?? "")];
    expect(rgba.length).toBe(expected.length);
    const worst = Math.max(
      ...rgba.map((value, index) => Math.abs(value - (expected[index] ?? 999))),
    );
    expect(worst).toBeLessThanOrEqual(tolerance);
  });

  it("saves a JPEG at the spec's full output size", async () => {
    const saved = await page.evaluate(
      ([source, given]) => window.cairnEditorRenderTest?.fullJpeg(source, given),
      [largeSource, straightened()] as const,
    );
    expect(saved).toEqual({ type: "image/jpeg", widthPx: 240, heightPx: 150 });
  });
});
