import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportFolders } from "./export-folder";

const foldersWith = (picked: { canceled: boolean; filePaths: string[] }) => {
  const made: string[] = [];
  let chosen: string | undefined;
  const folders = exportFolders({
    showOpenDialog: () => Promise.resolve(picked),
    mkdir: (dir) => {
      made.push(dir);
      return Promise.resolve();
    },
    readChosen: () => chosen,
    writeChosen: (folder) => {
      chosen = folder;
    },
  });
  return { folders, made };
};

describe("the export folder", () => {
  it("is made as 'Cairn Photos' in the folder the user picks, and only it may be exported to", async () => {
    const { folders, made } = foldersWith({ canceled: false, filePaths: ["/media/disk/Backups"] });
    expect(folders.isAllowed("/media/disk/Backups/Cairn Photos")).toBe(false);

    const folder = await folders.choose();

    expect(folder).toBe(path.join("/media/disk/Backups", "Cairn Photos"));
    expect(made).toEqual([folder]);
    expect(folders.isAllowed("/media/disk/Backups/Cairn Photos")).toBe(true);
    expect(folders.isAllowed("/media/disk/Backups/Cairn Photos/../../etc")).toBe(false);
    expect(folders.isAllowed("/home/someone/.ssh")).toBe(false);
  });

  it("keeps the export folder itself when the user picks it again", async () => {
    const { folders } = foldersWith({
      canceled: false,
      filePaths: ["/media/disk/Backups/Cairn Photos"],
    });
    expect(await folders.choose()).toBe("/media/disk/Backups/Cairn Photos");
  });

  it("changes nothing when the picker is cancelled", async () => {
    const { folders, made } = foldersWith({ canceled: true, filePaths: [] });
    expect(await folders.choose()).toBeUndefined();
    expect(made).toEqual([]);
    expect(folders.isAllowed("/")).toBe(false);
  });
});
