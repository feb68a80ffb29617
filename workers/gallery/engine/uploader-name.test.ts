import { describe, expect, it } from "vitest";
import { uploaderNameOf } from "./uploader-name";

const me = 1;
const ana = { id: 2, email: "ana@example.org" };
const ben = { id: 3, email: "ben@example.org" };

const file = (ownerID: number, uploaderName?: string) => ({
  ownerID,
  pubMagicMetadata:
    uploaderName === undefined ? undefined : { version: 1, count: 1, data: { uploaderName } },
});

/** Ana's album, shared with me and with Ben (a collaborator). */
const anasAlbum = {
  owner: ana,
  sharees: [
    { id: me, email: "me@example.org", role: "VIEWER" as const },
    { ...ben, role: "COLLABORATOR" as const },
  ],
};

describe("uploaderNameOf", () => {
  it.each<[string, ReturnType<typeof file>, string | undefined]>([
    ["a visitor's upload says the name they gave", file(ana.id, "Aunt Maria"), "Aunt Maria"],
    ["a collaborator's upload says their email", file(ben.id), "ben@example.org"],
    ["the album owner's own photo says nothing more", file(ana.id), undefined],
    ["my own photo says nothing", file(me), undefined],
    ["a blank given name is no name", file(ana.id, "  "), undefined],
  ])("%s", (_, shown, expected) => {
    expect(uploaderNameOf(shown, [anasAlbum], me)).toBe(expected);
  });

  it("names a collaborator of my own album by the email my album lists", () => {
    const mine = {
      owner: { id: me, email: "me@example.org" },
      sharees: [{ ...ben, role: "COLLABORATOR" as const }],
    };
    expect(uploaderNameOf(file(ben.id), [mine], me)).toBe("ben@example.org");
    // Someone the album does not list (they left since) is not named.
    expect(uploaderNameOf(file(99), [mine], me)).toBeUndefined();
  });
});
