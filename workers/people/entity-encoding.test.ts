import { describe, expect, it } from "vitest";
import { userEntityTypes } from "../../shared/api/endpoints/user-entity";
import {
  MalformedEntityDataError,
  decodeEntityData,
  encodeEntityData,
  isGzippedEntityType,
} from "./entity-encoding";

const gzipMagic = [0x1f, 0x8b];

describe("user entity plaintext", () => {
  it.each([
    ["location", false],
    ["person", false],
    ["cgroup", true],
    ["smart_album", true],
    ["memory", true],
    ["contact", true],
    ["space", true],
  ] as const)("%s is gzipped: %s", async (type, gzipped) => {
    expect(isGzippedEntityType(type)).toBe(gzipped);
    const data = { name: "Ada", assigned: [{ id: "c1", faces: ["1_a", "2_b"] }], isHidden: false };
    const bytes = await encodeEntityData(type, data);
    expect([...bytes.slice(0, 2)]).toEqual(
      gzipped ? gzipMagic : [...new TextEncoder().encode('{"')],
    );
    expect(await decodeEntityData(type, bytes)).toEqual(data);
  });

  it("covers every type the server keeps", () => {
    expect(userEntityTypes.filter((type) => !isGzippedEntityType(type))).toEqual([
      "location",
      "person",
    ]);
  });

  it.each([
    ["not gzip", "cgroup", new TextEncoder().encode("{}")],
    ["not JSON", "location", new TextEncoder().encode("{not json")],
    ["not UTF-8", "location", new Uint8Array([0xff, 0xfe])],
  ] as const)("refuses plaintext that is %s", async (_, type, bytes) => {
    await expect(decodeEntityData(type, bytes)).rejects.toBeInstanceOf(MalformedEntityDataError);
  });
});
