// Reading a public link's album from the server (wire-contract §9): the
// album from `/public-collection/info`, opened with the key of the link's
// fragment; its files from `/public-collection/diff`, page after page since
// the last pull; and the album's facts as the page shows them.

import {
  getPublicCollectionDiff,
  getPublicCollectionInfo,
} from "../../shared/api/endpoints/public-collection";
import { decryptFiles } from "../library/file-decryption";
import { decryptCollections } from "../library/collection-decryption";
import { type DecryptedCollection, type DecryptionPool } from "../library/decrypted-records";
import { type PublicAlbumReader, visitorUserID } from "./album-reader";
import type { PublicAlbumFacts } from "./public-album-contract";
import type { PublicLinkApi } from "./public-album-api";
import type { OpenableLink } from "./public-link";

/** A link being read: its key and client, and where its last pull ended. */
export interface PulledLink {
  link: OpenableLink;
  client: PublicLinkApi;
  /** The newest diff entry's time (µs): the next pull's `sinceTime`. */
  sinceTimeUs: number;
}

/** The link's album, decrypted with the fragment's key; undefined when the key does not open it. */
export const fetchLinkAlbum = async (
  pool: DecryptionPool,
  { link, client }: Pick<PulledLink, "link" | "client">,
): Promise<DecryptedCollection | undefined> => {
  const { collection } = await client.api.call(getPublicCollectionInfo);
  // The key comes from the fragment, not from the keyring of an account.
  const keyB64 = link.collectionKeyB64;
  const [decrypted] = await decryptCollections(
    pool,
    {
      openCollectionKeys: (items) =>
        Promise.resolve(items.map(() => ({ ok: true, value: keyB64 }))),
    },
    [collection],
    visitorUserID,
  );
  return decrypted?.ok === true ? decrypted.collection : undefined;
};

/** Pulls every diff page since the last one into the reader. */
export const pullLinkFiles = async (
  deps: {
    pool: DecryptionPool;
    logWarning?: ((message: string, cause: unknown) => void) | undefined;
  },
  current: PulledLink,
  reader: PublicAlbumReader,
): Promise<void> => {
  const keys = new Map([[reader.album.id, current.link.collectionKeyB64]]);
  for (;;) {
    const { diff, hasMore } = await current.client.api.call(getPublicCollectionDiff, {
      query: { sinceTime: current.sinceTimeUs },
    });
    const files = diff ?? [];
    const failures = reader.applyDiff(await decryptFiles(deps.pool, keys, files));
    if (failures > 0) {
      deps.logWarning?.(`${String(failures)} file(s) of the album did not decrypt`, undefined);
    }
    current.sinceTimeUs = files.reduce(
      (newest, file) => Math.max(newest, file.updationTime),
      current.sinceTimeUs,
    );
    if (!hasMore || files.length === 0) return;
  }
};

/** The album's facts as the page shows them, with the name this browser gave last. */
export const albumFacts = (
  reader: PublicAlbumReader,
  uploaderName: string | undefined,
): PublicAlbumFacts => {
  const album = reader.album;
  const url = album.publicURLs[0];
  return {
    collectionID: album.id,
    name: album.name,
    fileCount: reader.fileCountOf(album.id),
    enableDownload: url?.enableDownload ?? false,
    enableCollect: url?.enableCollect ?? false,
    enableJoin: (url?.enableJoin ?? false) && (url?.enableDownload ?? false),
    ...(uploaderName === undefined ? {} : { uploaderName }),
  };
};
