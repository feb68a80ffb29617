// The migration of a version 0 export folder to version 1: its
// `<collectionID>_<name>` folders and `<fileID>_<title>` files take the
// names today's rules give them (`name(n)`, `title(n).ext`), sidecars with
// their files. Planned from the library and the disk, then carried out.

import {
  exportMetadataFolderName,
  exportNameKey,
  livePhotoPartNames,
  uniqueFileName,
  uniqueFolderName,
} from "../../../shared/model/export/export-names";
import {
  encodeFileExportName,
  parseFileExportKey,
} from "../../../shared/model/export/export-record";
import { videoExtensions } from "../../../shared/model/media/file-kinds";
import { type ExportFS, joinExportPath } from "../export-fs";
import {
  legacyCollectionFolderName,
  legacyFileName,
  legacyLivePhotoParts,
} from "./legacy-export-names";
import {
  type KeyedMigrationFile,
  type MigrationLibrary,
  exportedFilesInIDOrder,
} from "./migration-library";
import type { LegacyRename, LegacyRenamePlan } from "./record-versions";

// [Note: Version 0 folders are renamed from a written plan]
//
// The reference renamed as it went, deciding each name from what the disk
// held at that moment. Interrupted, it could not tell a file it had renamed
// from one that was never there: the `(n)` numbering of the files after it
// came out different, and a live photo whose image was renamed but not its
// video lost its pair. Here the whole migration is decided first, from the
// library and the folder as it is, and written into the record (a field of
// the version 0 record) before the first rename. A run that finds the plan
// carries it out again from the start: a rename whose source is gone was
// made already and is skipped; one whose target exists is never made (no
// file is overwritten) and its folder or file is left out of the record, so
// the next export run writes it again. The names given to files travel in
// the record to the rebuild of version 3, which then need not guess them.
// Sidecars are renamed before their media, the two parts of a live photo
// one after the other.

const isVideoExtension = (extension: string): boolean =>
  videoExtensions.has(extension.toLowerCase());

const byID = (a: { id: number }, b: { id: number }): number => a.id - b.id;

/** The renames of one collection's files, and the names they take. */
const planFileRenames = async (
  fs: ExportFS,
  legacyFolder: string,
  folder: string,
  files: readonly KeyedMigrationFile[],
  fileExportNames: Record<string, string>,
): Promise<LegacyRename[]> => {
  const entries = await fs.list(legacyFolder);
  const fileNames = new Set(
    entries.filter((entry) => entry.kind === "file").map(({ name }) => name),
  );
  const sidecarNames = new Set(
    (await fs.list(joinExportPath(legacyFolder, exportMetadataFolderName)))
      .filter((entry) => entry.kind === "file")
      .map(({ name }) => name),
  );
  // Whatever the folder holds already is taken, so that no rename lands on it.
  const takenKeys = new Set(entries.map(({ name }) => exportNameKey(name)));
  const claim = (wanted: string): string => {
    const name = uniqueFileName(wanted, (key) => takenKeys.has(key));
    takenKeys.add(exportNameKey(name));
    return name;
  };

  const renames: LegacyRename[] = [];
  const renamePart = (legacyName: string, name: string, fileKey: string | undefined): void => {
    const sidecar = `${legacyName}.json`;
    if (sidecarNames.has(sidecar)) {
      renames.push({
        from: joinExportPath(folder, exportMetadataFolderName, sidecar),
        to: joinExportPath(folder, exportMetadataFolderName, `${name}.json`),
      });
    }
    renames.push({
      from: joinExportPath(folder, legacyName),
      to: joinExportPath(folder, name),
      ...(fileKey === undefined ? {} : { fileExportKey: fileKey }),
    });
  };

  for (const file of files) {
    if (!file.isLivePhoto) {
      const legacyName = legacyFileName(file.id, file.title);
      // Not on disk: deleted by the user, or never written. The next run exports it.
      if (!fileNames.has(legacyName)) continue;
      const name = claim(file.title);
      renamePart(legacyName, name, file.key);
      fileExportNames[file.key] = name;
      continue;
    }
    const { image, video } = legacyLivePhotoParts(file.id, file.title, fileNames, isVideoExtension);
    const wanted = livePhotoPartNames(file.title, image?.extension ?? "", video?.extension ?? "");
    // A live photo is recorded only with both parts; a lone part still gets today's name.
    const complete = image !== undefined && video !== undefined ? file.key : undefined;
    const imageName = image === undefined ? undefined : claim(wanted.image);
    const videoName = video === undefined ? undefined : claim(wanted.video);
    if (image !== undefined && imageName !== undefined) renamePart(image.name, imageName, complete);
    if (video !== undefined && videoName !== undefined) renamePart(video.name, videoName, complete);
    if (complete !== undefined && imageName !== undefined && videoName !== undefined) {
      fileExportNames[complete] = encodeFileExportName({ image: imageName, video: videoName });
    }
  }
  return renames;
};

/**
 * What migrating a version 0 folder does: each collection with a
 * `<collectionID>_<name>` folder gets a folder name, and each exported file
 * of it (`exportedKeys`) found on disk a file name, in ID order, as the
 * reference did. See: [Note: Version 0 folders are renamed from a written plan]
 */
export const planLegacyRenames = async (
  fs: ExportFS,
  library: MigrationLibrary,
  exportedKeys: ReadonlySet<string>,
): Promise<LegacyRenamePlan> => {
  const rootEntries = await fs.list("");
  const legacyFolders = new Set(
    rootEntries.filter((entry) => entry.kind === "directory").map(({ name }) => name),
  );
  const rootKeys = new Set(rootEntries.map(({ name }) => exportNameKey(name)));

  const filesByCollection = new Map<number, KeyedMigrationFile[]>();
  for (const file of exportedFilesInIDOrder(library, exportedKeys)) {
    const files = filesByCollection.get(file.collectionID) ?? [];
    files.push(file);
    filesByCollection.set(file.collectionID, files);
  }

  const plan: LegacyRenamePlan = { collectionFolderNames: {}, fileExportNames: {}, renames: [] };
  const fileRenames: LegacyRename[] = [];
  for (const collection of [...library.collections].sort(byID)) {
    const legacyFolder = legacyCollectionFolderName(collection.id, collection.name);
    if (!legacyFolders.has(legacyFolder)) continue;
    const folder = uniqueFolderName(collection.name, (key) => rootKeys.has(key));
    rootKeys.add(exportNameKey(folder));
    plan.collectionFolderNames[String(collection.id)] = folder;
    plan.renames.push({ from: legacyFolder, to: folder, collectionID: String(collection.id) });
    fileRenames.push(
      ...(await planFileRenames(
        fs,
        legacyFolder,
        folder,
        filesByCollection.get(collection.id) ?? [],
        plan.fileExportNames,
      )),
    );
  }
  // The folders first: the files' paths are in the renamed folders.
  plan.renames.push(...fileRenames);
  return plan;
};

/** The names of a plan whose renames were made, less those whose rename was refused. */
export interface LegacyRenameOutcome {
  collectionFolderNames: Record<string, string>;
  fileExportNames: Record<string, string>;
}

/**
 * Makes a plan's renames, skipping those made already and never
 * overwriting. Safe to run again after an interruption at any point.
 * See: [Note: Version 0 folders are renamed from a written plan]
 */
export const carryOutLegacyRenames = async (
  fs: ExportFS,
  plan: LegacyRenamePlan,
): Promise<LegacyRenameOutcome> => {
  const refusedCollectionIDs = new Set<string>();
  const refusedFileKeys = new Set<string>();
  for (const rename of plan.renames) {
    if ((await fs.kindOf(rename.from)) === undefined) continue;
    if ((await fs.kindOf(rename.to)) !== undefined) {
      if (rename.collectionID !== undefined) refusedCollectionIDs.add(rename.collectionID);
      if (rename.fileExportKey !== undefined) refusedFileKeys.add(rename.fileExportKey);
      continue;
    }
    await fs.rename(rename.from, rename.to);
  }
  const collectionFolderNames = Object.fromEntries(
    Object.entries(plan.collectionFolderNames).filter(([id]) => !refusedCollectionIDs.has(id)),
  );
  const fileExportNames = Object.fromEntries(
    Object.entries(plan.fileExportNames).filter(([key]) => {
      const collectionID = parseFileExportKey(key)?.collectionID;
      return (
        !refusedFileKeys.has(key) &&
        collectionID !== undefined &&
        String(collectionID) in collectionFolderNames
      );
    }),
  );
  return { collectionFolderNames, fileExportNames };
};
