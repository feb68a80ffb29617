// The sharing actions (spec §6): share an album with a person as a viewer
// or a collaborator, end a share, leave an album shared with the user, and
// the album's link (create, change, disable). Each is shown at once on the
// album (its sharees and link) and held until the pull that follows.

import { canBeSharedByType } from "../../../shared/model/library/sharing-rules";
import type { DecryptedCollection } from "../../library/decrypted-records";
import {
  type LinkSettings,
  type ShareRole,
  createAlbumLink,
  disableAlbumLink,
  leaveAlbum,
  shareAlbum,
  unshareAlbum,
  updateAlbumLink,
} from "../../library/sharing-operations";
import { HttpError } from "../../../shared/model/errors";
import { ActionRefusedError } from "./action-errors";
import { type ActionPlanner, ensureCollection, ensureOwnedCollection } from "./action-plan";
import { LibraryPatch } from "./library-patch";

/** The one-collection patch of a sharing action: the album as it will be. */
const patchOf = (collection: DecryptedCollection): LibraryPatch => {
  const patch = new LibraryPatch();
  patch.collectionEdits.set(collection.id, collection);
  return patch;
};

const sameEmail = (a: string | null | undefined, b: string) =>
  a?.trim().toLowerCase() === b.trim().toLowerCase();

/** An album the user owns that can be shared (not favorites, uncategorized or the hidden album). */
const ensureShareable = (
  ...args: Parameters<typeof ensureOwnedCollection>
): DecryptedCollection => {
  const collection = ensureOwnedCollection(...args);
  if (!canBeSharedByType(collection)) throw new ActionRefusedError("invalid-collection-operation");
  return collection;
};

export const planShareAlbum =
  (collectionID: number, email: string, role: ShareRole): ActionPlanner =>
  (reader) => {
    const collection = ensureShareable(reader, collectionID);
    if (sameEmail(collection.owner.email, email)) {
      throw new ActionRefusedError("cannot-share-with-self");
    }
    // Shown at once with the role; the server answers the sharee's ID.
    const others = collection.sharees.filter((sharee) => !sameEmail(sharee.email, email));
    const shown = { ...collection, sharees: [...others, { id: 0, email, role }] };
    return Promise.resolve({
      patch: patchOf(shown),
      run: async ({ deps }) => {
        try {
          await shareAlbum(deps, collection, email, role);
        } catch (e) {
          // The public key of an address without an account. See the sharing dialog.
          if (e instanceof HttpError && e.status === 404) {
            throw new ActionRefusedError("no-account-for-email");
          }
          throw e;
        }
        return { changedCount: 0 };
      },
    });
  };

export const planUnshareAlbum =
  (collectionID: number, email: string): ActionPlanner =>
  (reader) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    const shown = {
      ...collection,
      sharees: collection.sharees.filter((sharee) => !sameEmail(sharee.email, email)),
    };
    return Promise.resolve({
      patch: patchOf(shown),
      run: async ({ deps }) => {
        await unshareAlbum(deps, collection.id, email);
        return { changedCount: 0 };
      },
    });
  };

/** The user leaves an album another person shared with them: it leaves their library. */
export const planLeaveAlbum =
  (collectionID: number): ActionPlanner =>
  (reader) => {
    const collection = ensureCollection(reader, collectionID);
    if (collection.owner.id === reader.userID) {
      throw new ActionRefusedError("invalid-collection-operation");
    }
    const patch = new LibraryPatch();
    patch.deletedCollections.add(collection.id);
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await leaveAlbum(deps, collection.id);
        return { changedCount: 0 };
      },
    });
  };

/**
 * The link's settings sent, a device limit refused for the owner's plan said
 * as such. See: [Note: Free plans get links of five devices] (server).
 */
const sendLinkSettings = async (
  deps: Parameters<typeof updateAlbumLink>[0],
  collectionID: number,
  settings: LinkSettings,
) => {
  try {
    await updateAlbumLink(deps, collectionID, settings);
  } catch (e) {
    if (e instanceof HttpError && e.status === 403 && e.code === "LINK_EDIT_NOT_ALLOWED") {
      throw new ActionRefusedError("link-device-limit-fixed");
    }
    throw e;
  }
};

/** Creates the album's link, with `settings` when given (one link per album). */
export const planCreateLink =
  (collectionID: number, settings: LinkSettings): ActionPlanner =>
  (reader) => {
    const collection = ensureShareable(reader, collectionID);
    return Promise.resolve({
      patch: new LibraryPatch(),
      run: async ({ deps }) => {
        const { password, enableDownload, ...atCreation } = settings;
        await createAlbumLink(deps, collection.id, atCreation);
        if (password !== undefined || enableDownload !== undefined) {
          await sendLinkSettings(deps, collection.id, { password, enableDownload });
        }
        return { changedCount: 0 };
      },
    });
  };

export const planUpdateLink =
  (collectionID: number, settings: LinkSettings): ActionPlanner =>
  (reader) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    const link = collection.publicURLs[0];
    if (link === undefined) throw new ActionRefusedError("not-found");
    const shown = {
      ...collection,
      publicURLs: [
        {
          ...link,
          ...(settings.deviceLimit === undefined ? {} : { deviceLimit: settings.deviceLimit }),
          ...(settings.validTillUs === undefined ? {} : { validTill: settings.validTillUs }),
          ...(settings.enableDownload === undefined
            ? {}
            : { enableDownload: settings.enableDownload }),
          ...(settings.enableCollect === undefined
            ? {}
            : { enableCollect: settings.enableCollect }),
          ...(settings.enableJoin === undefined ? {} : { enableJoin: settings.enableJoin }),
          ...(settings.password === undefined
            ? {}
            : { passwordEnabled: settings.password !== null }),
        },
        ...collection.publicURLs.slice(1),
      ],
    };
    return Promise.resolve({
      patch: patchOf(shown),
      run: async ({ deps }) => {
        await sendLinkSettings(deps, collection.id, settings);
        return { changedCount: 0 };
      },
    });
  };

export const planDisableLink =
  (collectionID: number): ActionPlanner =>
  (reader) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    return Promise.resolve({
      patch: patchOf({ ...collection, publicURLs: [] }),
      run: async ({ deps }) => {
        await disableAlbumLink(deps, collection.id);
        return { changedCount: 0 };
      },
    });
  };
