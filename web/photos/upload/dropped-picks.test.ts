import { describe, expect, it } from "vitest";
import {
  droppedPicks,
  walkDropEntries,
  type DropData,
  type DropDirectoryEntry,
  type DropEntry,
  type DropFileEntry,
  type DropItem,
} from "./dropped-picks";

// A double of the browser's entries API: folders answer their entries in
// batches of `batchSize` and then an empty batch, as Chromium does (100 a
// batch); entries named "unreadable…" fail.

const batchSize = 2;

const fileEntry = (name: string): DropFileEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (onFile, onError) => {
    queueMicrotask(() => {
      if (name.startsWith("unreadable")) onError?.(new DOMException("gone", "NotFoundError"));
      else onFile(new File([name], name));
    });
  },
});

const folderEntry = (name: string, children: DropEntry[]): DropDirectoryEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let next = 0;
    return {
      readEntries: (onEntries, onError) => {
        queueMicrotask(() => {
          if (name.startsWith("unreadable")) {
            onError?.(new DOMException("denied", "NotReadableError"));
            return;
          }
          const batch = children.slice(next, next + batchSize);
          next += batch.length;
          onEntries(batch);
        });
      },
    };
  },
});

const described = (picks: { file: File; folderPath: string }[]) =>
  picks.map(({ file, folderPath }) => [folderPath, file.name]);

describe("walkDropEntries", () => {
  it.each<[string, DropEntry[], string[][], string[]]>([
    [
      "loose files",
      [fileEntry("a.jpg"), fileEntry("b.mov")],
      [
        ["", "a.jpg"],
        ["", "b.mov"],
      ],
      [],
    ],
    [
      "a folder larger than one batch, read to its end",
      [folderEntry("Holiday", ["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg"].map(fileEntry))],
      ["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg"].map((name) => ["Holiday", name]),
      [],
    ],
    [
      "nested folders, depth first in listing order",
      [
        folderEntry("Holiday", [
          fileEntry("a.jpg"),
          folderEntry("Day 1", [fileEntry("b.jpg"), folderEntry("Raw", [fileEntry("c.dng")])]),
          fileEntry("d.jpg"),
        ]),
        folderEntry("Empty", []),
      ],
      [
        ["Holiday", "a.jpg"],
        ["Holiday/Day 1", "b.jpg"],
        ["Holiday/Day 1/Raw", "c.dng"],
        ["Holiday", "d.jpg"],
      ],
      [],
    ],
    [
      "unreadable files and folders left out, the rest kept",
      [
        folderEntry("Holiday", [
          fileEntry("a.jpg"),
          fileEntry("unreadable.jpg"),
          folderEntry("unreadable folder", [fileEntry("x.jpg")]),
          fileEntry("b.jpg"),
        ]),
      ],
      [
        ["Holiday", "a.jpg"],
        ["Holiday", "b.jpg"],
      ],
      ["Holiday/unreadable.jpg", "Holiday/unreadable folder"],
    ],
  ])("%s", async (_label, entries, expected, unreadable) => {
    const walked = await walkDropEntries(entries);
    expect(described(walked.picks)).toEqual(expected);
    expect(walked.unreadable).toEqual(unreadable);
  });
});

const itemOf = (entry: DropEntry | null, file: File | null = null): DropItem => ({
  kind: "file",
  webkitGetAsEntry: () => entry,
  getAsFile: () => file,
});

describe("droppedPicks", () => {
  it("takes every item during the drop: entries are walked, items without one come loose", async () => {
    const loose = new File(["x"], "loose.jpg");
    const items: DropItem[] = [
      itemOf(folderEntry("Holiday", [fileEntry("a.jpg")])),
      itemOf(null, loose),
      { kind: "string", getAsFile: () => null },
    ];
    const data: DropData = { items, files: [] };
    const pending = droppedPicks(data);
    // The browser empties the items once the event is over.
    items.length = 0;
    const { picks, unreadable } = await pending;
    expect(described(picks)).toEqual([
      ["", "loose.jpg"],
      ["Holiday", "a.jpg"],
    ]);
    expect(unreadable).toEqual([]);
  });

  it("takes the files as loose ones in a browser without the entries API", async () => {
    const files = [new File(["x"], "a.jpg"), new File(["y"], "b.jpg")];
    const withoutEntries: DropData = {
      items: files.map((file) => ({ kind: "file", getAsFile: () => file })),
      files,
    };
    expect(described((await droppedPicks(withoutEntries)).picks)).toEqual([
      ["", "a.jpg"],
      ["", "b.jpg"],
    ]);
    expect(described((await droppedPicks({ files })).picks)).toEqual([
      ["", "a.jpg"],
      ["", "b.jpg"],
    ]);
  });
});
