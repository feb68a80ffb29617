import { describe, expect, it } from "vitest";
import { fileMetadataSchema, filePublicMagicMetadataSchema, FileType } from "./file-metadata";

describe("fileMetadataSchema", () => {
  it("keeps unknown keys and reads wrong-typed optional values as absent", () => {
    const parsed = fileMetadataSchema.parse({
      title: "IMG_1.jpg",
      creationTime: 1_700_000_000_000_000,
      fileType: 0,
      latitude: "north",
      futureKey: { a: 1 },
    });
    expect(parsed.latitude).toBeUndefined();
    expect(parsed).toMatchObject({ futureKey: { a: 1 }, fileType: FileType.image });
  });

  it("maps an unknown file type to others", () => {
    const parsed = fileMetadataSchema.parse({ title: "x", creationTime: 1, fileType: 9 });
    expect(parsed.fileType).toBe(FileType.others);
  });

  it.each([{}, { title: "x", fileType: 0 }, { creationTime: 1, fileType: 0 }])(
    "refuses metadata without title, time or type: %j",
    (value) => {
      expect(fileMetadataSchema.safeParse(value).success).toBe(false);
    },
  );

  it("reads captions and edits", () => {
    expect(filePublicMagicMetadataSchema.parse({ caption: "Beach", editedTime: 5 })).toEqual({
      caption: "Beach",
      editedTime: 5,
    });
  });
});
