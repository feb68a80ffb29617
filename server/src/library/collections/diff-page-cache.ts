import type { ContentCoding } from "../../http/content-coding";
import type { EncodedJSON } from "../../http/encoded-json";
import { ByteBoundedLRU } from "../byte-bounded-lru";

// [Note: Encoded diff pages are cached by collection version]
//
// Every client pages through every album it syncs from `sinceTime` 0, so
// many requests ask for the same pages; building one (the query, the JSON,
// the compression) costs far more than sending it. So the answers of
// `GET /collections/v2/diff` and of a public link's diff are kept as sent:
// the encoded bytes, under the collection, the collection's version, the
// `sinceTime`, the viewer and the coding.
//
// Why a kept page is the page the database would answer:
//
// - A page is a function of the collection's rows, their files' fields, the
//   `sinceTime` and the viewer (whose own files alone carry private magic
//   metadata and actions; a public link's visitor is a viewer who owns no
//   file). Every write that changes any of these stamps the collection with
//   a new version, larger than any before, in the write's transaction. See
//   [Note: A collection is never older than its files] and
//   [Note: Versions of a collection only grow, in commit order]; writes that
//   change a page without versioning its rows (a metadata edit with
//   `skipVersion`, a file deleted for good behind a removed entry, the
//   entries of a deleted account) stamp the collections they touch too.
//   While the version stands, the page stands.
// - A request reads the collection's version before the page's rows (the
//   access check reads it). Rows read later are at least as new: a write
//   that commits in between is in the page, which is then newer than its
//   key, never older. A request that starts after a write committed reads
//   that write's version, under which no page from before the write was
//   kept, so no client misses a change it could have seen without the
//   cache. A page is one `readDiffPage` answer as it was built, so it never
//   splits a version ([Note: Diff pagination never splits a version]).
// - Requests for a key whose page is being built wait for that build
//   (a hundred clients starting together cost one query), by the same
//   argument: each read the key's version before joining.
// - Access is checked on every request, before the cache: a sharee who left
//   is refused even while their pages are held.
// - Nothing is invalidated: an old version's pages are never asked for
//   again and age out. So several server processes, each with its own
//   cache, need no messages between them: the version comes from the
//   shared database.

/**
 * The bytes the diff page cache may hold. A full page of 2,500 entries is
 * about 1.6 MB of JSON and about 1.2 MB gzipped (base64 ciphertext hardly
 * compresses), so this holds the whole diff of a 100,000-file album in one
 * coding for one viewer, or the pages being read right now of many.
 */
export const diffPageCacheBytes = 64 * 1024 * 1024;

/** What a kept page answers for. See: [Note: Encoded diff pages are cached by collection version] */
export interface DiffPageKey {
  collectionID: number;
  /** The collection's version, read before the page's rows. */
  collectionVersionUs: number;
  sinceTimeUs: number;
  viewerID: number;
  coding: ContentCoding;
}

/** The map key of a page: every field, so pages differing in any never meet. */
export const diffPageKeyText = (key: DiffPageKey): string =>
  [key.collectionID, key.collectionVersionUs, key.sinceTimeUs, key.viewerID, key.coding].join(":");

/**
 * Bookkeeping an entry costs besides its bytes (the key, the map entry, the
 * answer object), so that a cache of tiny pages is bounded too.
 */
const entryOverheadBytes = 256;

export interface DiffPageCache {
  /**
   * The page under `key`: kept, being built for another request, or built
   * now by `build` and kept. A failed build is not kept; its waiters get its error.
   */
  page(key: DiffPageKey, build: () => Promise<EncodedJSON>): Promise<EncodedJSON>;
}

/** A cache of encoded diff pages. See: [Note: Encoded diff pages are cached by collection version] */
export const createDiffPageCache = (maxBytes: number = diffPageCacheBytes): DiffPageCache => {
  const kept = new ByteBoundedLRU<EncodedJSON>(
    maxBytes,
    (text, answer) => answer.bytes.length + text.length * 2 + entryOverheadBytes,
  );
  const building = new Map<string, Promise<EncodedJSON>>();
  return {
    page: (key, build) => {
      const text = diffPageKeyText(key);
      const found = kept.get(text) ?? building.get(text);
      if (found !== undefined) return Promise.resolve(found);
      const built = build().then(
        (answer) => {
          building.delete(text);
          kept.set(text, answer);
          return answer;
        },
        (error: unknown) => {
          building.delete(text);
          throw error;
        },
      );
      building.set(text, built);
      return built;
    },
  };
};
