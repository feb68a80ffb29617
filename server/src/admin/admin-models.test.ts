import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clipTestImageModel,
  clipTestTextModel,
} from "../../../tests/test-support/clip-test-models";
import {
  faceTestDetectorModel,
  faceTestEmbedderModel,
} from "../../../tests/test-support/face-test-models";
import { createModelsFolder, sha256OfFile } from "../models/models-folder";
import { runAdmin } from "./run-admin";

// `npm run admin -- models fetch | status` against a local server standing in
// for https://models.ente.com (CAIRN_MODELS_BASE_URL), with the tiny test
// models. See: [Note: A model is fetched whole or not at all]

const imageBytes = Buffer.from(clipTestImageModel());
const textBytes = Buffer.from(clipTestTextModel());
const models = [
  { name: "mobileclip_s2_image_opset18_rgba_opt.onnx", sizeBytes: imageBytes.length },
  { name: "mobileclip_s2_text_opset18_quant.onnx", sizeBytes: textBytes.length },
];
const faceDetectorBytes = Buffer.from(faceTestDetectorModel());
const faceEmbedderBytes = Buffer.from(faceTestEmbedderModel());
const faceModels = [
  { name: "yolov5s_face_opset18_rgba_opt_nosplits.onnx", sizeBytes: faceDetectorBytes.length },
  { name: "mobilefacenet_opset15.onnx", sizeBytes: faceEmbedderBytes.length },
];
const bytesByName = new Map([
  [models[0]?.name, imageBytes],
  [models[1]?.name, textBytes],
  [faceModels[0]?.name, faceDetectorBytes],
  [faceModels[1]?.name, faceEmbedderBytes],
]);
const allModels = [...models, ...faceModels];

/** How the stand-in answers each model. */
type Behaviour = "serve" | "404" | "short" | "long" | "cut";

describe("npm run admin -- models", () => {
  let server: Server;
  let baseURL: string;
  let behaviour: Record<string, Behaviour>;
  let requests: string[];
  let dir: string;
  let modelsDir: string;
  let output: { out: string[]; err: string[] };

  const admin = (
    argv: string[],
    extra: { fetch?: typeof globalThis.fetch; base?: string } = {},
  ) => {
    output = { out: [], err: [] };
    return runAdmin(argv, {
      environment: {
        CAIRN_DATA_DIR: dir,
        CAIRN_MODELS_BASE_URL: extra.base ?? baseURL,
      },
      cwd: dir,
      out: (text) => output.out.push(text),
      err: (text) => output.err.push(text),
      models,
      faceModels,
      ...(extra.fetch === undefined ? {} : { fetch: extra.fetch }),
    });
  };

  /** The folder holds exactly these files (no temporary or partial one). */
  const expectFiles = async (names: string[]) => {
    expect((await readdir(modelsDir).catch(() => [])).sort()).toEqual([...names].sort());
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const name = decodeURIComponent((request.url ?? "/").slice(1));
      requests.push(name);
      const bytes = bytesByName.get(name);
      const how = behaviour[name] ?? "serve";
      if (bytes === undefined || how === "404") {
        response.writeHead(404).end("not found");
        return;
      }
      if (how === "cut") {
        response.writeHead(200, { "content-length": String(bytes.length) });
        response.write(bytes.subarray(0, 100), () => response.destroy());
        return;
      }
      const body =
        how === "short"
          ? bytes.subarray(1)
          : how === "long"
            ? Buffer.concat([bytes, bytes])
            : bytes;
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseURL = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    behaviour = {};
    requests = [];
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-admin-models-"));
    modelsDir = path.join(dir, "models");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("fetches the CLIP and face models into <data>/models, verified and recorded in models.json", async () => {
    expect(await admin(["models", "fetch"])).toBe(0);
    expect(requests).toEqual(allModels.map((model) => model.name));
    await expectFiles([...allModels.map((model) => model.name), "models.json"]);
    const manifest = JSON.parse(await readFile(path.join(modelsDir, "models.json"), "utf8")) as {
      models: Record<string, { sizeBytes: number; sha256: string; url: string }>;
    };
    for (const model of allModels) {
      expect(manifest.models[model.name]).toMatchObject({
        sizeBytes: model.sizeBytes,
        sha256: await sha256OfFile(path.join(modelsDir, model.name)),
        url: `${baseURL}/${model.name}`,
      });
    }
    expect(output.err).toEqual([]);
    expect(output.out.at(-1)).toContain("Semantic search is available.");
    expect(output.out.at(-1)).toContain("Faces are indexed with the reference's models.");
    // The server sees the same folder ready.
    const status = await createModelsFolder({ dir: modelsDir, models, faceModels }).status();
    expect(status.semanticSearch).toEqual({ available: true });
    expect(status.referenceFaceModels).toEqual({ available: true });

    // A second run finds them verified and downloads nothing.
    requests = [];
    expect(await admin(["models", "fetch"])).toBe(0);
    expect(requests).toEqual([]);
    expect(output.out.join("\n")).toContain("already present and verified");
  });

  it.each([
    [
      "an HTTP error",
      "404" as const,
      /^http:\/\/127\.0\.0\.1:\d+\/mobileclip_s2_text_opset18_quant\.onnx answered HTTP 404$/,
    ],
    [
      "a file one byte short",
      "short" as const,
      /gave \d+ bytes, expected \d+: not the expected model/,
    ],
    ["a larger file", "long" as const, /is larger than the expected \d+ bytes/],
    ["a download cut short", "cut" as const, /^Downloading .* failed: |gave 100 bytes/],
  ])("fails on %s with one line, leaving no partial file", async (_, how, message) => {
    behaviour[models[1]?.name ?? ""] = how;
    expect(await admin(["models", "fetch"])).toBe(1);
    expect(output.err).toHaveLength(1);
    expect(output.err[0]).toMatch(message);
    expect(output.err[0]).not.toContain("\n");
    // The image model came first and is kept; nothing of the text model is.
    await expectFiles([models[0]?.name ?? "", "models.json"]);
    const manifest = JSON.parse(await readFile(path.join(modelsDir, "models.json"), "utf8")) as {
      models: Record<string, unknown>;
    };
    expect(Object.keys(manifest.models)).toEqual([models[0]?.name]);
  });

  it("keeps semantic search's models when a face model fails", async () => {
    behaviour[faceModels[1]?.name ?? ""] = "short";
    expect(await admin(["models", "fetch"])).toBe(1);
    expect(output.err).toHaveLength(1);
    expect(output.err[0]).toMatch(/mobilefacenet_opset15\.onnx gave \d+ bytes/);
    await expectFiles([
      ...models.map((model) => model.name),
      faceModels[0]?.name ?? "",
      "models.json",
    ]);
    const status = await createModelsFolder({ dir: modelsDir, models, faceModels }).status();
    expect(status.semanticSearch).toEqual({ available: true });
    expect(status.referenceFaceModels).toEqual({ available: false, reason: "model-not-ready" });
  });

  it("fails clearly when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await admin(["models", "fetch"], { base: `http://127.0.0.1:${String(port)}` })).toBe(1);
    expect(output.err).toEqual([
      `Could not reach http://127.0.0.1:${String(port)}/${models[0]?.name ?? ""}: connect ECONNREFUSED 127.0.0.1:${String(port)}`,
    ]);
    await expectFiles(["models.json"]);
  });

  it("fails clearly when the name does not resolve (offline)", async () => {
    const offline: typeof globalThis.fetch = () =>
      Promise.reject(
        new TypeError("fetch failed", {
          cause: new Error("getaddrinfo ENOTFOUND models.ente.com"),
        }),
      );
    expect(
      await admin(["models", "fetch"], { fetch: offline, base: "https://models.ente.com" }),
    ).toBe(1);
    expect(output.err).toEqual([
      `Could not reach https://models.ente.com/${models[0]?.name ?? ""}: getaddrinfo ENOTFOUND models.ente.com`,
    ]);
  });

  it("reports the folder's state", async () => {
    expect(await admin(["models", "status"])).toBe(0);
    expect(output.out.join("\n")).toContain("Semantic search is off: the folder does not exist");
    behaviour[models[1]?.name ?? ""] = "404";
    await admin(["models", "fetch"]);
    expect(await admin(["models", "status"])).toBe(0);
    expect(output.out[0]).toBe(
      [
        `Models folder: ${modelsDir}`,
        `  ${models[0]?.name ?? ""}: ready`,
        `  ${models[1]?.name ?? ""}: missing`,
        `  ${faceModels[0]?.name ?? ""}: missing`,
        `  ${faceModels[1]?.name ?? ""}: missing`,
        "Semantic search is off: a model is not ready (run npm run admin -- models fetch).",
        "Faces are indexed with the built-in models (the reference's are not ready).",
      ].join("\n"),
    );
  });

  it.each([[["models"]], [["models", "download"]], [["models", "fetch", "--force"]]])(
    "refuses the command line %j",
    async (argv) => {
      expect(await admin(argv)).toBe(2);
      expect(output.err).toHaveLength(1);
    },
  );

  it("lists the commands in the help", async () => {
    expect(await admin(["help"])).toBe(0);
    expect(output.out[0]).toContain("models fetch");
    expect(output.out[0]).toContain("models status");
  });
});
