import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serveDirectory, type StaticServer } from "../../bench/lib/static-server";
import { benchPageViteConfig } from "../../bench/lib/vite-page-config";
import {
  computeSRPVerifierB64,
  encryptBoxB64,
  generateKeyB64,
  randomBytes,
  toB64,
  utf8ToBytes,
} from "../../shared/crypto";
import { STREAM_CHUNK_BYTES, STREAM_CIPHERTEXT_CHUNK_BYTES } from "../../shared/crypto/sizes";
import { launchPatientChromium } from "./test-support/patient-browser";

// The crypto worker pool in real browser workers (the same modules the Node
// tests drive over worker_threads): batches, streams and the SRP shims.

const here = path.dirname(fileURLToPath(import.meta.url));
const pageRoot = path.join(here, "pages/crypto-pool");
const outDir = path.join(here, ".build/crypto-pool");

let server: StaticServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await build(benchPageViteConfig(pageRoot, outDir));
  server = await serveDirectory(outDir);
  browser = await launchPatientChromium();
  page = await browser.newPage();
  await page.goto(`${server.origin}/index.html`);
  await page.waitForFunction(() => window.cairnCryptoPoolTest !== undefined);
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

it("runs two crypto workers", async () => {
  expect(await page.evaluate(() => window.cairnCryptoPoolTest?.poolSize)).toBe(2);
});

it("decrypts a batch of boxes made in Node, reporting a wrong key per item", async () => {
  const keyB64 = await generateKeyB64();
  const otherKeyB64 = await generateKeyB64();
  const names = Array.from({ length: 300 }, (_, i) => `Album ${i} · été`);
  const items = await Promise.all(
    names.map(async (name, i) => ({
      ...(await encryptBoxB64(utf8ToBytes(name), keyB64)),
      keyB64: i === 17 ? otherKeyB64 : keyB64,
    })),
  );
  const outcomes = await page.evaluate(
    (batch) => window.cairnCryptoPoolTest?.decryptBoxesToUTF8(batch),
    items,
  );
  expect(outcomes).toHaveLength(300);
  outcomes?.forEach((outcome, i) => {
    if (i === 17) expect(outcome).toEqual({ ok: false, errorName: "DecryptionError" });
    else expect(outcome).toEqual({ ok: true, value: names[i] });
  });
});

it.each([
  ["an empty stream", 0, [17]],
  ["exactly one chunk", STREAM_CHUNK_BYTES, [STREAM_CIPHERTEXT_CHUNK_BYTES]],
  ["a chunk and one byte", STREAM_CHUNK_BYTES + 1, [STREAM_CIPHERTEXT_CHUNK_BYTES, 1 + 17]],
])("streams %s through one worker and back, transferring the input", async (_, length, sizes) => {
  const result = await page.evaluate(
    (lengthBytes) => window.cairnCryptoPoolTest?.streamRoundTrip(lengthBytes),
    length,
  );
  expect(result).toEqual({
    ciphertextChunkBytes: sizes,
    roundTripEqual: true,
    transferredChunks: length === 0 ? 0 : sizes.length,
  });
});

it("computes the same SRP verifier in the browser as in Node", async () => {
  const srpUserID = "6b1ec4a2-9d2b-4c1e-8f7a-3c5d0e9b1a24";
  const srpSaltB64 = toB64(await randomBytes(16));
  const loginSubKeyB64 = toB64(await randomBytes(16));
  const inBrowser = await page.evaluate(
    ([id, salt, key]) => window.cairnCryptoPoolTest?.srpVerifierB64(id, salt, key),
    [srpUserID, srpSaltB64, loginSubKeyB64] as const,
  );
  const loginSubKey = Uint8Array.from(Buffer.from(loginSubKeyB64, "base64"));
  expect(inBrowser).toBe(await computeSRPVerifierB64(srpUserID, srpSaltB64, loginSubKey));
});
