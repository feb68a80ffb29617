import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isOwnObjectKey, md5B64Of, multipartPlanProblem, newObjectKey } from "./upload-rules";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe("object keys", () => {
  it("are minted as <userID>/<uuid v4> in the user's folder only", () => {
    const key = newObjectKey(1580559962386438);
    expect(key).toMatch(
      /^1580559962386438\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newObjectKey(1580559962386438)).not.toBe(key);
    expect(isOwnObjectKey(1580559962386438, key)).toBe(true);
    expect(isOwnObjectKey(158055996238643, key)).toBe(false);
    expect(isOwnObjectKey(1580559962386439, key)).toBe(false);
  });

  it.each([
    ["a key of the user's folder", "7/3f2a", true],
    ["another user's key", "8/3f2a", false],
    ["the folder alone", "7/", false],
    ["a preview's key", "7/file-data/12/vid_preview/pv_0123456789abcdefABCDEF", false],
    ["a key in a sub-folder", "7/a/b", false],
  ])("accept as a file's object %s: %j", (_, key, expected) => {
    expect(isOwnObjectKey(7, key)).toBe(expected);
  });
});

describe("md5B64Of", () => {
  const digest = createHash("md5").update("cairn").digest();
  it.each([
    ["hex", digest.toString("hex")],
    ["upper-case hex", digest.toString("hex").toUpperCase()],
    ["base64", digest.toString("base64")],
  ])("reads %s", (_, md5) => {
    expect(md5B64Of(md5)).toBe(digest.toString("base64"));
  });
});

describe("multipartPlanProblem", () => {
  it.each([
    ["one part of the whole", 1000, 1000, 1, undefined],
    ["one small part longer than the content", 1000, 5 * MiB, 1, undefined],
    ["two 5 MiB parts, the last shorter", 6 * MiB, 5 * MiB, 2, undefined],
    ["parts of exactly the length", 10 * MiB, 5 * MiB, 2, undefined],
    ["10 GiB in 5 GiB parts", 10 * GiB, 5 * GiB, 2, undefined],
    ["parts under 5 MiB when there are several", 8 * MiB, 4 * MiB, 2, "at least"],
    ["a part over 5 GiB", 6 * GiB, 5 * GiB + 1, 2, "at most"],
    ["one MD5 too few", 11 * MiB, 5 * MiB, 2, "need 3 part MD5s, not 2"],
    ["one MD5 too many", 10 * MiB, 5 * MiB, 3, "need 2 part MD5s, not 3"],
    ["more than 10000 parts", 60 * GiB, 5 * MiB, 12_288, "at most 10000 parts"],
  ])("%s", (_, contentLengthBytes, partLengthBytes, partCount, problem) => {
    const answer = multipartPlanProblem({ contentLengthBytes, partLengthBytes, partCount });
    if (problem === undefined) expect(answer).toBeUndefined();
    else expect(answer).toContain(problem);
  });
});
