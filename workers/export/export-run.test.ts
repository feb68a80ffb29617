import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExportStage } from "../../shared/model/export/export-record";
import { FileType } from "../../shared/model/library/file-metadata";
import { generatedLivePhoto } from "../../tests/test-support/media";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import {
  type ExportTestLibrary,
  exportLibrary,
  fixture,
  folderTree,
  inodeOf,
  newExportFolder,
  readRecord,
  sha256,
  startExportTestLibrary,
  uploadTo,
} from "./test-support/export-test-library";

describe("an export of a real library into a real folder", () => {
  let library: ExportTestLibrary;
  let holidays: DecryptedCollection;
  let family: DecryptedCollection;
  let canon: DecryptedFile;
  let tiny: DecryptedFile;
  let noexif: DecryptedFile;
  let folder: string;
  const bytes: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    library = await startExportTestLibrary();
    const { client, friendClient } = library;
    for (const name of ["canon-dslr.jpg", "IMG_20180725_163423-tiny.jpg", "noexif.jpg"]) {
      bytes[name] = await fixture(name);
    }
    holidays = await client.createCollection({ name: "Holidays: 2018", type: "album" });
    family = await client.createCollection({ name: "Family", type: "album" });
    canon = await uploadTo(library, client, holidays, {
      title: "canon-dslr.jpg",
      bytes: bytes["canon-dslr.jpg"] as Uint8Array,
    });
    tiny = await uploadTo(library, client, holidays, {
      title: "IMG_20180725_163423-tiny.jpg",
      bytes: bytes["IMG_20180725_163423-tiny.jpg"] as Uint8Array,
      latitude: 44.5,
      longitude: 11.25,
      pubMagicMetadata: { caption: "Bologna" },
    });
    noexif = await uploadTo(library, client, holidays, {
      title: "noexif.jpg",
      bytes: bytes["noexif.jpg"] as Uint8Array,
    });
    // Another photo with the same name: the second gets a suffix.
    await uploadTo(library, client, family, {
      title: "noexif.jpg",
      bytes: bytes["canon-dslr.jpg"] as Uint8Array,
    });
    await client.addFiles(family, [noexif]);
    bytes.live = await generatedLivePhoto("IMG_0042");
    await uploadTo(library, client, family, {
      title: "IMG_0042.jpg",
      bytes: bytes.live,
      fileType: FileType.livePhoto,
    });

    // An album the friend shares with the owner: the friend's, not exported.
    const friends = await friendClient.createCollection({ name: "Friend's trip", type: "album" });
    await uploadTo(library, friendClient, friends, {
      title: "theirs.jpg",
      bytes: bytes["noexif.jpg"] as Uint8Array,
    });
    const { shareAlbum } = await import("../library/sharing-operations");
    await shareAlbum(friendClient.deps, friends, library.owner.email, "COLLABORATOR");
    // And a file the friend adds to an album of the owner's they collaborate on.
    const shared = await client.createCollection({ name: "Shared with friend", type: "album" });
    await shareAlbum(client.deps, shared, library.friend.email, "COLLABORATOR");
    const sharedForFriend = (await friendClient.fetchCollections()).flatMap((c) =>
      c.ok && c.collection.id === shared.id ? [c.collection] : [],
    )[0] as DecryptedCollection;
    const friendsOwn = await uploadTo(library, friendClient, friends, {
      title: "added-by-friend.jpg",
      bytes: bytes["IMG_20180725_163423-tiny.jpg"] as Uint8Array,
    });
    await friendClient.addFiles(sharedForFriend, [friendsOwn]);

    folder = await newExportFolder();
  }, 240_000);

  afterAll(async () => {
    await library.close();
  });

  it("writes every owned file into its album's folder, with a sidecar each, and records it", async () => {
    const run = await exportLibrary(library.client, folder);

    expect(run.stages).toEqual([
      ExportStage.migration,
      ExportStage.starting,
      ExportStage.renamingCollectionFolders,
      ExportStage.trashingDeletedFiles,
      ExportStage.exportingFiles,
      ExportStage.trashingDeletedCollections,
      ExportStage.finished,
    ]);
    expect(run.progress).toEqual({ total: 6, success: 6, failed: 0 });
    const tree = await folderTree(folder);
    const media = Object.keys(tree).filter(
      (file) => !file.includes("/metadata/") && !file.startsWith("export_status"),
    );
    expect(media.sort()).toEqual(
      [
        "Family/IMG_0042.jpg",
        "Family/IMG_0042.mp4",
        "Family/noexif.jpg",
        "Family/noexif(1).jpg",
        "Holidays_ 2018/IMG_20180725_163423-tiny.jpg",
        "Holidays_ 2018/canon-dslr.jpg",
        "Holidays_ 2018/noexif.jpg",
      ].sort(),
    );
    // Byte for byte the originals (no edited time: nothing written into them).
    expect(tree["Holidays_ 2018/canon-dslr.jpg"]).toBe(
      sha256(bytes["canon-dslr.jpg"] as Uint8Array),
    );
    expect(tree["Holidays_ 2018/noexif.jpg"]).toBe(sha256(bytes["noexif.jpg"] as Uint8Array));
    // Each of the two `noexif.jpg` of Family is one of the two files.
    expect([tree["Family/noexif.jpg"], tree["Family/noexif(1).jpg"]].sort()).toEqual(
      [
        sha256(bytes["noexif.jpg"] as Uint8Array),
        sha256(bytes["canon-dslr.jpg"] as Uint8Array),
      ].sort(),
    );
    for (const name of media) {
      const [album, file] = name.split("/") as [string, string];
      expect(Object.keys(tree)).toContain(`${album}/metadata/${file}.json`);
    }
    const sidecar = JSON.parse(
      await readFile(
        path.join(folder, "Holidays_ 2018/metadata/IMG_20180725_163423-tiny.jpg.json"),
        "utf8",
      ),
    ) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      title: "IMG_20180725_163423-tiny.jpg",
      caption: "Bologna",
      geoData: { latitude: 44.5, longitude: 11.25 },
      photoTakenTime: { timestamp: "1600000000" },
    });

    const record = await readRecord(folder);
    expect(record.version).toBe(5);
    expect(record.stage).toBe(ExportStage.finished);
    expect(record.lastAttemptTimestamp).toBe(run.lastAttemptTimestampMs);
    expect(Object.values(record.collectionExportNames).sort()).toEqual([
      "Family",
      "Holidays_ 2018",
    ]);
    expect(Object.keys(record.fileExportNames)).toHaveLength(6);
    expect(
      JSON.parse(Object.values(record.fileExportNames).find((n) => n.startsWith("{")) ?? ""),
    ).toEqual({
      image: "IMG_0042.jpg",
      video: "IMG_0042.mp4",
    });
    // The journal is folded into the record at the end.
    expect(await readFile(path.join(folder, "export_status.journal"), "utf8")).toBe("");
    expect(Object.keys(tree).filter((file) => file.includes(".cairn-"))).toEqual([]);
  });

  it("exports only what changed on a second run, and leaves the rest untouched", async () => {
    const before = await inodeOf(path.join(folder, "Holidays_ 2018/canon-dslr.jpg"));
    await uploadTo(library, library.client, holidays, {
      title: "later.jpg",
      bytes: bytes["noexif.jpg"] as Uint8Array,
    });
    const run = await exportLibrary(library.client, folder);
    expect(run.progress).toEqual({ total: 1, success: 1, failed: 0 });
    expect(await inodeOf(path.join(folder, "Holidays_ 2018/canon-dslr.jpg"))).toBe(before);
    expect(Object.keys(await folderTree(folder))).toContain("Holidays_ 2018/later.jpg");

    const again = await exportLibrary(library.client, folder);
    expect(again.progress).toEqual({ total: 0, success: 0, failed: 0 });
  });

  it("renames an album's folder when the album is renamed, keeping its files", async () => {
    const inode = await inodeOf(path.join(folder, "Holidays_ 2018/canon-dslr.jpg"));
    holidays = await library.client.renameCollection(holidays, "Summer 2018");
    const run = await exportLibrary(library.client, folder);
    expect(run.progress.total).toBe(0);
    expect(await inodeOf(path.join(folder, "Summer 2018/canon-dslr.jpg"))).toBe(inode);
    const tree = await folderTree(folder);
    expect(Object.keys(tree).some((file) => file.startsWith("Holidays_ 2018/"))).toBe(false);
    expect(Object.values((await readRecord(folder)).collectionExportNames).sort()).toEqual([
      "Family",
      "Summer 2018",
    ]);
  });

  it("moves a file deleted on another device into the export's Trash, with its sidecar", async () => {
    await library.client.trashFiles([{ fileID: canon.id, collectionID: holidays.id }]);
    const run = await exportLibrary(library.client, folder);
    expect(run.progress.total).toBe(0);
    const tree = await folderTree(folder);
    expect(tree["Trash/Summer 2018/canon-dslr.jpg"]).toBe(
      sha256(bytes["canon-dslr.jpg"] as Uint8Array),
    );
    expect(Object.keys(tree)).toContain("Trash/Summer 2018/metadata/canon-dslr.jpg.json");
    expect(Object.keys(tree)).not.toContain("Summer 2018/canon-dslr.jpg");
    expect(Object.keys(tree)).not.toContain("Summer 2018/metadata/canon-dslr.jpg.json");
  });

  it("replaces a file in place when it is edited, and writes its edited time into the JPEG", async () => {
    // EXIF dates are wall-clock times: 04:05:06 on this machine's clock.
    const editedTimeUs = new Date(2001, 1, 3, 4, 5, 6).getTime() * 1000;
    const [edited] = await library.client.updateFilesMagicMetadata("public", [
      { file: tiny, changes: { caption: "Bologna, at dusk", editedTime: editedTimeUs } },
    ]);
    expect(edited?.pubMagicMetadata?.data.caption).toBe("Bologna, at dusk");
    const run = await exportLibrary(library.client, folder);
    expect(run.progress).toEqual({ total: 1, success: 1, failed: 0 });
    const tree = await folderTree(folder);
    expect(Object.keys(tree).filter((file) => file.includes("IMG_20180725"))).toEqual([
      "Summer 2018/IMG_20180725_163423-tiny.jpg",
      "Summer 2018/metadata/IMG_20180725_163423-tiny.jpg.json",
    ]);
    const sidecar = JSON.parse(
      await readFile(
        path.join(folder, "Summer 2018/metadata/IMG_20180725_163423-tiny.jpg.json"),
        "utf8",
      ),
    ) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      caption: "Bologna, at dusk",
      photoTakenTime: { timestamp: String(editedTimeUs / 1e6) },
    });
    const { default: exifr } = await import("exifr");
    const tags = (await exifr.parse(
      await readFile(path.join(folder, "Summer 2018/IMG_20180725_163423-tiny.jpg")),
      { reviveValues: false },
    )) as Record<string, unknown>;
    expect(tags.DateTimeOriginal).toBe("2001:02:03 04:05:06");
    expect(Object.keys((await readRecord(folder)).fileExportNames)).toHaveLength(6);
  });

  it("removes the folder of a deleted album once its files are in Trash", async () => {
    const gone = await library.client.createCollection({ name: "Short-lived", type: "album" });
    await uploadTo(library, library.client, gone, {
      title: "brief.jpg",
      bytes: bytes["noexif.jpg"] as Uint8Array,
    });
    await exportLibrary(library.client, folder);
    expect(Object.keys(await folderTree(folder))).toContain("Short-lived/brief.jpg");
    await library.client.deleteCollection(gone.id, { keepFiles: false });
    await exportLibrary(library.client, folder);
    const tree = await folderTree(folder);
    expect(Object.keys(tree).some((path) => path.startsWith("Short-lived/"))).toBe(false);
    expect(Object.keys(tree)).toContain("Trash/Short-lived/brief.jpg");
    expect((await readRecord(folder)).collectionExportNames[String(gone.id)]).toBeUndefined();
  });

  it("writes again, on a resync, a file the user removed from the folder", async () => {
    await rm(path.join(folder, "Family/IMG_0042.mp4"));
    const plain = await exportLibrary(library.client, folder);
    expect(plain.progress.total).toBe(0);
    const resync = await exportLibrary(library.client, folder, { resync: true });
    expect(resync.progress).toEqual({ total: 1, success: 1, failed: 0 });
    const tree = await folderTree(folder);
    expect(
      Object.keys(tree)
        .filter((file) => file.startsWith("Family/IMG_0042"))
        .sort(),
    ).toEqual(["Family/IMG_0042.jpg", "Family/IMG_0042.mp4"]);
  });

  it("stops with 'export folder does not exist' when the folder is gone", async () => {
    const missing = await newExportFolder();
    await rm(missing, { recursive: true });
    await expect(exportLibrary(library.client, missing)).rejects.toMatchObject({
      reason: "folder-missing",
      message: "export folder does not exist",
    });
  });

  it("leaves a record that does not parse, and the folder, untouched", async () => {
    const broken = await newExportFolder();
    await writeFile(path.join(broken, "export_status.json"), "{ not json");
    await writeFile(path.join(broken, "mine.txt"), "the user's own file");
    const slept: number[] = [];
    const run = exportLibrary(
      library.client,
      broken,
      {},
      {
        sleep: (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ message: "export record json parsing failed" });
    expect(slept).toEqual([1000]);
    expect(await folderTree(broken)).toEqual({
      "export_status.json": sha256(new TextEncoder().encode("{ not json")),
      "mine.txt": sha256(new TextEncoder().encode("the user's own file")),
    });
  });

  it("keeps a file in several albums once on disk when asked (hard links)", async () => {
    const once = await newExportFolder();
    const run = await exportLibrary(library.client, once, { keepEachFileOnce: true });
    expect(run.progress.failed).toBe(0);
    const inSummer = await inodeOf(path.join(once, "Summer 2018/noexif.jpg"));
    const family = await folderTree(once);
    const familyCopy = Object.keys(family).find(
      (file) =>
        file.startsWith("Family/noexif") &&
        family[file] === sha256(bytes["noexif.jpg"] as Uint8Array),
    );
    expect(familyCopy).toBeDefined();
    expect(await inodeOf(path.join(once, familyCopy as string))).toBe(inSummer);
  });

  it("ends a stopped run as finished, and the next run exports the rest", async () => {
    const stoppedFolder = await newExportFolder();
    const stop = new AbortController();
    const run = await exportLibrary(
      library.client,
      stoppedFolder,
      { signal: stop.signal, concurrency: 1 },
      {
        onProgress: (progress) => {
          if (progress.success === 2) stop.abort();
        },
      },
    );
    expect(run.stopped).toBe(true);
    expect(run.progress.success).toBe(2);
    expect(run.stages.at(-1)).toBe(ExportStage.finished);
    const record = await readRecord(stoppedFolder);
    expect(record.stage).toBe(ExportStage.finished);
    expect(Object.keys(record.fileExportNames)).toHaveLength(2);
    expect(
      Object.keys(await folderTree(stoppedFolder)).filter((f) => f.includes(".cairn-")),
    ).toEqual([]);

    const rest = await exportLibrary(library.client, stoppedFolder);
    expect(rest.progress).toEqual({
      total: run.progress.total - 2,
      success: run.progress.total - 2,
      failed: 0,
    });
  });
});
