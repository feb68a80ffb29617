import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCairn, type RunningCairn, type StartCairnOverrides } from "../../../server/src/main";
import type { ModelFile } from "../../../shared/api/models";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * A real Cairn (API and the three built apps) on free ports with a fresh data
 * folder, as one browser test file needs it. `npm run build:web` must have run.
 */
export async function startTestCairn(
  overrides: StartCairnOverrides = {},
  { modelFiles }: { modelFiles?: readonly ModelFile[] } = {},
): Promise<RunningCairn & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "cairn-e2e-"));
  const cairn = await startCairn(
    {
      dataDir,
      webDistDir: path.join(repoRoot, "dist/web"),
      logLevel: "warn",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
      ...overrides,
    },
    // The e2e suite must not pick up a developer's DATABASE_URL or S3 settings.
    { environment: {}, cwd: repoRoot, ...(modelFiles === undefined ? {} : { modelFiles }) },
  );
  return {
    ...cairn,
    dataDir,
    close: async () => {
      await cairn.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in for the provider's web site (roadmap, family portal) that the
 * redirect parameter sends people to: a page that says where it is.
 */
export async function startProviderSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><title>Provider</title><h1>Provider page ${request.url ?? ""}</h1>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
