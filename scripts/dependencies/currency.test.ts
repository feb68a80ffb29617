import { describe, expect, it } from "vitest";
import { dependencyCurrency, type PublishedRelease } from "./currency";

const release = (version: string, nodeRange?: string, deprecated = false): PublishedRelease => ({
  version,
  nodeRange,
  deprecated,
});

describe("a dependency's currency", () => {
  it("offers the newest release the project's Node can run, not the newest published", () => {
    const releases = [
      release("7.0.0", ">=18"),
      release("7.2.1", ">=18"),
      release("8.0.0", "^20.19.0 || >=22.12.0"),
      release("9.0.0", ">=22"),
    ];
    expect(dependencyCurrency("vite", "7.0.0", releases, "20.20.2")).toEqual({
      name: "vite",
      installed: "7.0.0",
      newestUsable: "8.0.0",
      newest: "9.0.0",
      currency: "new line",
    });
    expect(dependencyCurrency("vite", "8.0.0", releases, "20.20.2").currency).toBe(
      "newer needs newer Node",
    );
    expect(dependencyCurrency("vite", "7.0.0", releases.slice(0, 2), "20.20.2").currency).toBe(
      "update in line",
    );
  });

  it("counts a new minor before 1.0 as a new line, as semver's caret does", () => {
    const releases = [release("0.28.18"), release("0.28.19"), release("0.29.9")];
    expect(dependencyCurrency("kysely", "0.28.18", releases, "20.20.2")).toMatchObject({
      newestUsable: "0.29.9",
      currency: "new line",
    });
    expect(dependencyCurrency("kysely", "0.28.18", releases.slice(0, 2), "20.20.2").currency).toBe(
      "update in line",
    );
  });

  it("ignores prereleases and deprecated releases, and takes a release without engines as usable", () => {
    const releases = [release("2.0.0"), release("2.1.0-beta.1"), release("2.0.5", undefined, true)];
    expect(dependencyCurrency("x", "2.0.0", releases, "20.20.2")).toMatchObject({
      newestUsable: "2.0.0",
      currency: "current",
    });
  });
});
