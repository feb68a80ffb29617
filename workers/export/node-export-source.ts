// The export's library source over the Node library client: the command
// line and the tests read the library from the server, as a fresh device.

import { downloadFileContents } from "../library/download";
import type { DecryptedFile } from "../library/decrypted-records";
import type { NodeLibraryClient } from "../library/node-library-client";
import { type ExportLibrarySource, exportableLibrary } from "./export-library";

/** Reads the library of `client`'s account; each `load` fetches it afresh. */
export const nodeExportSource = (client: NodeLibraryClient): ExportLibrarySource => ({
  load: async () => {
    const collections = (await client.fetchCollections()).flatMap((decryption) =>
      decryption.ok ? [decryption.collection] : [],
    );
    const { userID } = client.deps;
    const files: DecryptedFile[] = [];
    for (const collection of collections) {
      if (collection.isDeleted || collection.owner.id !== userID) continue;
      // A file's newest entry in the diff is its state; a later "deleted" entry removes it.
      const latest = new Map<number, DecryptedFile | undefined>();
      for (const entry of (await client.fetchCollectionFiles(collection)).entries) {
        latest.set(
          entry.kind === "file" ? entry.file.id : entry.id,
          entry.kind === "file" ? entry.file : undefined,
        );
      }
      for (const file of latest.values()) if (file !== undefined) files.push(file);
    }
    return exportableLibrary(userID, collections, files);
  },
  contents: (file, signal) => downloadFileContents(client.deps, file, { signal }),
});
