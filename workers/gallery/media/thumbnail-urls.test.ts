import { describe, expect, it } from "vitest";
import { thumbnailURLs } from "./thumbnail-urls";

describe("thumbnail URLs made in the worker", () => {
  it("makes a loadable JPEG data URL of each decrypted thumbnail and keeps failures", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250, 251, 252]);
    const [made, failed] = thumbnailURLs([
      { fileID: 1, ok: true, bytes: jpeg },
      { fileID: 2, ok: false, errorName: "NoThumbnail" },
    ]);
    expect(failed).toEqual({ fileID: 2, ok: false, errorName: "NoThumbnail" });
    if (made?.ok !== true) throw new Error("no URL");
    expect(made.url).toMatch(/^data:image\/jpeg;base64,/);
    const response = await fetch(made.url);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpeg);
  });
});
