import { readFile } from "node:fs/promises";
import path from "node:path";

// What `/ping` answers as `id` (wire-contract §11: the reference answers its
// git commit): the short hash of the checked-out commit, read from `.git`
// directly (a deployment may have no git binary), else the package version.

const shortHashLength = 7;

const readGitCommit = async (rootDir: string): Promise<string | undefined> => {
  const gitDir = path.join(rootDir, ".git");
  const head = (await readFile(path.join(gitDir, "HEAD"), "utf8")).trim();
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
  if (ref === undefined) return undefined;
  try {
    return (await readFile(path.join(gitDir, ref), "utf8")).trim();
  } catch {
    // The ref may only exist in packed-refs.
    const packed = await readFile(path.join(gitDir, "packed-refs"), "utf8");
    return packed
      .split("\n")
      .map((line) => line.split(" "))
      .find(([, name]) => name === ref)?.[0];
  }
};

export const readVersionID = async (rootDir: string): Promise<string> => {
  try {
    const commit = await readGitCommit(rootDir);
    if (commit !== undefined && /^[0-9a-f]{40}$/.test(commit))
      return commit.slice(0, shortHashLength);
  } catch {
    // Not a git checkout: fall back to the package version.
  }
  try {
    const { version } = JSON.parse(await readFile(path.join(rootDir, "package.json"), "utf8")) as {
      version?: unknown;
    };
    if (typeof version === "string") return version;
  } catch {
    // No package.json either.
  }
  return "unknown";
};
