import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readVersionID } from "./version";

const commit = "4f1d8cfbdbef7818773bb910152b8f93ba77877c";

describe("readVersionID", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-version-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (file: string, contents: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  };

  it("reads the branch's commit", async () => {
    await write(".git/HEAD", "ref: refs/heads/main\n");
    await write(".git/refs/heads/main", `${commit}\n`);
    expect(await readVersionID(dir)).toBe("4f1d8cf");
  });

  it("reads a detached HEAD", async () => {
    await write(".git/HEAD", `${commit}\n`);
    expect(await readVersionID(dir)).toBe("4f1d8cf");
  });

  it("reads a ref that only exists in packed-refs", async () => {
    await write(".git/HEAD", "ref: refs/heads/main\n");
    await write(".git/packed-refs", `# pack-refs with: peeled\n${commit} refs/heads/main\n`);
    expect(await readVersionID(dir)).toBe("4f1d8cf");
  });

  it("falls back to the package version outside a checkout", async () => {
    await write("package.json", JSON.stringify({ version: "0.1.0" }));
    expect(await readVersionID(dir)).toBe("0.1.0");
  });

  it("says unknown when there is neither", async () => {
    expect(await readVersionID(dir)).toBe("unknown");
  });
});
