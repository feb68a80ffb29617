import type { authenticatorEndpoints } from "../../shared/api/endpoints/authenticator";
import type { collectionActionEndpoints } from "../../shared/api/endpoints/collection-actions";
import type { collectionEndpoints } from "../../shared/api/endpoints/collections";
import type { familyEndpoints } from "../../shared/api/endpoints/families";
import type { fileEndpoints } from "../../shared/api/endpoints/files";
import type { publicCollectionEndpoints } from "../../shared/api/endpoints/public-collection";
import type { trashEndpoints } from "../../shared/api/endpoints/trash";
import type { userEntityEndpoints } from "../../shared/api/endpoints/user-entity";
import { headerNames } from "../../shared/api/headers";
import { decodeThumbnailBatch } from "../../shared/api/thumbnail-batch";
import { toB64 } from "../../shared/crypto/base64";
import {
  anyone,
  everyUser,
  familyAdminCall,
  known,
  linkState,
  linkVisitors,
  signedIn,
  type MatrixRow,
} from "./authorization-outcomes";
import { authenticatorKeyBody, userEntityKeyBody } from "./authorization-world";

// [Note: The authorization matrix]
//
// Per endpoint of collections (and their action queues), files, trash,
// public collections, families and the authenticator: the request it is called with (about the objects of `Targets`,
// with what the caller brings of its own in `OwnObjects`) and, per actor,
// what spec §6 and the wire contract (§3 to §6, §9, §11) allow:
//
//   "ok"      a 2xx answer (307 for a download);
//   "sees"    a 2xx answer that shows the target (`shows`);
//   "blind"   a 2xx answer that does not show it;
//   a status  a refusal with it, and the same request about objects that do
//             not exist gets the same status and body: the refusal does not
//             tell whether the object exists;
//   known(s)  a refusal with status s of someone who takes part in the object
//             (a viewer renaming the album), who knows it exists already.
//
// Nothing here is read from the product code; where the spec is silent the
// row says what was decided, with "Silent:".

type Endpoints = typeof collectionEndpoints &
  typeof collectionActionEndpoints &
  typeof fileEndpoints &
  typeof trashEndpoints &
  typeof publicCollectionEndpoints &
  typeof familyEndpoints &
  typeof authenticatorEndpoints &
  typeof userEntityEndpoints;

// ---------------------------------------------------------------------------
// Request bodies.

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));
const magicMetadata = { version: 0, count: 1, data: b64(40, 3), header: b64(24, 5) };
const sealedKey = b64(80, 6);
const md5Hex = "0123456789abcdef0123456789abcdef";

const listsID = (ids: readonly { id: number }[] | null | undefined, id: number) =>
  (ids ?? []).some((item) => item.id === id);

// ---------------------------------------------------------------------------
// The table. Rows run in this order; the rows that change who belongs
// where (leaving and creating a family) come last among the families'.

export const authorizationMatrix: Record<keyof Endpoints, MatrixRow> = {
  // Collections (wire-contract §3.2, §3.3).
  createCollection: {
    request: () => ({
      body: {
        encryptedKey: b64(48, 1),
        keyDecryptionNonce: b64(24, 2),
        encryptedName: b64(32, 3),
        nameDecryptionNonce: b64(24, 4),
        type: "album",
      },
    }),
    expected: everyUser("ok"),
  },
  listCollections: {
    request: () => ({ query: { sinceTime: 0 } }),
    shows: (answer, t) =>
      listsID(answer.json<{ collections: { id: number }[] }>().collections, t.albumID),
    expected: signedIn({ owner: "sees", collaborator: "sees", viewer: "sees", outsiders: "blind" }),
  },
  getCollection: {
    request: (t) => ({ params: { collectionID: t.albumID } }),
    shows: (answer, t) => answer.json<{ collection: { id: number } }>().collection.id === t.albumID,
    expected: signedIn({ owner: "sees", collaborator: "sees", viewer: "sees", outsiders: 404 }),
  },
  renameCollection: {
    request: (t) => ({
      body: { collectionID: t.albumID, encryptedName: b64(32, 7), nameDecryptionNonce: b64(24, 8) },
    }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  updateCollectionMagicMetadata: {
    request: (t) => ({ body: { id: t.albumID, magicMetadata } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  updateCollectionPublicMagicMetadata: {
    request: (t) => ({ body: { id: t.albumID, magicMetadata } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  updateShareeMagicMetadata: {
    request: (t) => ({ body: { id: t.albumID, magicMetadata } }),
    // The owner's metadata goes through magic-metadata (spec §6).
    expected: signedIn({ owner: known(403), collaborator: "ok", viewer: "ok", outsiders: 404 }),
  },
  deleteCollection: {
    request: (t) => ({
      params: { collectionID: String(t.doomedAlbumID) },
      query: { collectionID: t.doomedAlbumID, keepFiles: false },
    }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  addFilesToCollection: {
    request: (t, own) => ({ body: { collectionID: t.albumID, files: [own.spareItem] } }),
    expected: signedIn({ owner: "ok", collaborator: "ok", viewer: known(403), outsiders: 404 }),
  },
  moveFilesBetweenCollections: {
    request: (t, own) => ({
      body: { fromCollectionID: own.ownAlbumID, toCollectionID: t.albumID, files: [own.moverItem] },
    }),
    // Both collections must be the caller's (wire-contract §3.2).
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  restoreFilesToCollection: {
    request: (t) => ({
      body: {
        collectionID: t.albumID,
        files: [
          { id: t.restorableFileID, encryptedKey: b64(48, 1), keyDecryptionNonce: b64(24, 2) },
        ],
      },
    }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  removeFilesFromCollection: {
    request: (t) => ({ body: { collectionID: t.albumID, fileIDs: [t.removableFileID] } }),
    // A sharee removes only what it added; the owner anyone's (wire-contract §3.2).
    expected: signedIn({ owner: "ok", collaborator: "ok", viewer: known(403), outsiders: 404 }),
  },
  suggestDeletion: {
    request: (t) => ({ body: { collectionID: t.albumID, fileIDs: [t.suggestableFileID] } }),
    // The owner or an ADMIN sharee (wire-contract §3.2); the owner's call
    // takes the collaborator's file out and asks the collaborator.
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  getCollectionDiff: {
    request: (t) => ({ query: { collectionID: t.albumID, sinceTime: 0 } }),
    shows: (answer, t) =>
      listsID(answer.json<{ diff: { id: number }[] | null }>().diff, t.ownerFileID),
    expected: signedIn({ owner: "sees", collaborator: "sees", viewer: "sees", outsiders: 404 }),
  },
  shareCollection: {
    request: (t) => ({
      body: {
        collectionID: t.albumID,
        email: t.newShareeEmail,
        encryptedKey: sealedKey,
        role: "VIEWER",
      },
    }),
    // The owner or an ADMIN sharee (wire-contract §3.2).
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  unshareCollection: {
    request: (t) => ({ body: { collectionID: t.albumID, email: t.unshareeEmail } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  leaveCollection: {
    request: (t) => ({ params: { collectionID: t.leavableAlbumID } }),
    // Leaving is idempotent (wire-contract §3.2): an outsider has nothing to
    // leave, and is answered alike whether the album exists or not.
    expected: signedIn({ owner: known(403), collaborator: "ok", viewer: "ok", outsiders: "ok" }),
  },
  joinCollectionViaLink: {
    request: (_t, own) => ({
      body: { collectionID: own.lobbyAlbumID, encryptedKey: sealedKey },
      headers: { [headerNames.accessToken]: own.lobbyAccessToken },
    }),
    // Any signed-in holder of a joinable link joins; a sharee keeps its role;
    // the owner cannot join (400). A link holder without a session is 401.
    expected: signedIn({ owner: known(400), collaborator: "ok", viewer: "ok", outsiders: "ok" }),
  },
  getSharees: {
    request: (t) => ({ query: { collectionID: t.albumID } }),
    shows: (answer) => answer.json<{ sharees: unknown[] }>().sharees.length > 0,
    expected: signedIn({ owner: "sees", collaborator: "sees", viewer: "sees", outsiders: 404 }),
  },
  createShareURL: {
    request: (t) => ({ body: { collectionID: t.albumID } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  updateShareURL: {
    request: (t) => ({ body: { collectionID: t.albumID, enableDownload: true } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  disableShareURL: {
    request: (t) => ({ params: { collectionID: t.unlinkableAlbumID } }),
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },

  // Collection actions (wire-contract §3.2): each caller's own queue. The
  // owner's suggestion above asks the collaborator alone, and only the
  // collaborator can reject it.
  listDeleteSuggestions: {
    request: () => ({}),
    shows: (answer, t) =>
      answer
        .json<{ actions: { fileID?: number | null }[] }>()
        .actions.some((action) => action.fileID === t.suggestableFileID),
    expected: signedIn({
      owner: "blind",
      collaborator: "sees",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  rejectDeleteSuggestions: {
    request: (t) => ({ body: { fileIDs: [t.suggestableFileID] } }),
    shows: (answer) => answer.json<{ updated: number }>().updated > 0,
    expected: signedIn({
      owner: "blind",
      collaborator: "sees",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  listPendingRemovals: {
    request: () => ({ query: { sinceTime: 0 } }),
    expected: everyUser("ok"),
  },

  // Files (wire-contract §5): minting URLs is about the caller's own storage.
  getUploadURLs: { request: () => ({ query: { count: 1 } }), expected: everyUser("ok") },
  getUploadURL: {
    request: () => ({ body: { contentLength: 10, contentMD5: md5Hex } }),
    expected: everyUser("ok"),
  },
  getMultipartUploadURLs: { request: () => ({ query: { count: 1 } }), expected: everyUser("ok") },
  getMultipartUploadURL: {
    request: () => ({ body: { contentLength: 10, partLength: 10, partMd5s: [md5Hex] } }),
    expected: everyUser("ok"),
  },
  getUploadEligibility: { request: () => ({}), expected: everyUser("ok") },
  createFile: {
    request: (t, own) => ({ body: { ...own.newFileBody, collectionID: t.albumID } }),
    // Into an owned collection only; sharees add their own files instead.
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  updateFile: {
    request: (t, own) => ({
      body: { ...own.updateFileBody, id: t.ownerFileID, collectionID: t.albumID },
    }),
    // Silent: the file's owner alone; to anyone else, 403 whether or not the file exists.
    expected: signedIn({ owner: "ok", collaborator: 403, viewer: 403, outsiders: 403 }),
  },
  updateFileMagicMetadata: {
    request: (t) => ({ body: { metadataList: [{ id: t.ownerFileID, magicMetadata }] } }),
    expected: signedIn({ owner: "ok", collaborator: 403, viewer: 403, outsiders: 403 }),
  },
  updateFilePublicMagicMetadata: {
    request: (t) => ({ body: { metadataList: [{ id: t.ownerFileID, magicMetadata }] } }),
    expected: signedIn({ owner: "ok", collaborator: 403, viewer: 403, outsiders: 403 }),
  },
  copyFiles: {
    request: (t, own) => ({
      body: {
        srcCollectionID: t.albumID,
        dstCollectionID: own.ownAlbumID,
        files: [
          { id: t.collaboratorFileID, encryptedKey: b64(48, 1), keyDecryptionNonce: b64(24, 2) },
        ],
      },
    }),
    // Others' files, out of a collection the caller takes part in, into one
    // it owns (wire-contract §5.3); the collaborator's own file is added, not
    // copied (400).
    expected: signedIn({
      owner: "ok",
      collaborator: known(400),
      viewer: "ok",
      outsiders: 404,
    }),
  },
  trashFiles: {
    request: (t) => ({
      body: { items: [{ fileID: t.trashableFileID, collectionID: t.albumID }] },
    }),
    // The caller must own the file and the collection (wire-contract §5.3).
    expected: signedIn({
      owner: "ok",
      collaborator: known(403),
      viewer: known(403),
      outsiders: 404,
    }),
  },
  getFilesSize: {
    request: (t) => ({ body: { fileIDs: [t.ownerFileID] } }),
    shows: (answer) => answer.json<{ size: number }>().size > 0,
    // Only owned files count: others' files add nothing, existing or not.
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  getFilesInfo: {
    request: (t) => ({ body: { fileIDs: [t.ownerFileID] } }),
    shows: (answer, t) => {
      const { filesInfo } = answer.json<{
        filesInfo: { id: number; fileInfo: { fileSize: number } }[];
      }>();
      return filesInfo.some((info) => info.id === t.ownerFileID && info.fileInfo.fileSize > 0);
    },
    // Owner only (wire-contract §5.3); silent on others: nothing of the file, as for a missing one.
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  getDuplicateFiles: {
    request: () => ({}),
    shows: (answer, t) =>
      answer
        .json<{ duplicates: { fileIDs: number[] }[] }>()
        .duplicates.some((group) => group.fileIDs.includes(t.ownerFileID)),
    // Each caller's own files only: a shared file is never another's candidate.
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  downloadFile: {
    request: (t) => ({ params: { fileID: t.ownerFileID } }),
    // The owner, or a participant of a collection holding it (wire-contract §5.4).
    expected: signedIn({ owner: "ok", collaborator: "ok", viewer: "ok", outsiders: 404 }),
  },
  previewFile: {
    request: (t) => ({ params: { fileID: t.ownerFileID } }),
    expected: signedIn({ owner: "ok", collaborator: "ok", viewer: "ok", outsiders: 404 }),
  },
  previewFiles: {
    request: (t) => ({ body: { fileIDs: [t.ownerFileID] } }),
    // The one entry holds the thumbnail's bytes, not the mark of a file it cannot answer.
    shows: (answer) =>
      decodeThumbnailBatch(new Uint8Array(answer.rawPayload), 1)[0]?.kind === "bytes",
    // Silent (Cairn's own call): who may read a thumbnail is as for the
    // single-file preview; every file asked for gets its entry, and one the
    // caller may not read is marked as a missing one.
    expected: signedIn({
      owner: "sees",
      collaborator: "sees",
      viewer: "sees",
      outsiders: "blind",
    }),
  },

  // Trash (wire-contract §6): the caller's own.
  getTrashDiff: {
    request: () => ({ query: { sinceTime: 0 } }),
    shows: (answer, t) =>
      (answer.json<{ diff: { file: { id: number } }[] | null }>().diff ?? []).some(
        (item) => item.file.id === t.deletableFileID,
      ),
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  deleteFromTrash: {
    request: (t) => ({ body: { fileIDs: [t.deletableFileID] } }),
    // Silent: a file outside the caller's trash is 400, whether it exists or not.
    expected: signedIn({ owner: "ok", collaborator: 400, viewer: 400, outsiders: 400 }),
  },
  emptyTrash: { request: () => ({ body: { lastUpdatedAt: 0 } }), expected: everyUser("ok") },

  // Public collections (wire-contract §9).
  getPublicCollectionInfo: {
    request: () => ({}),
    expected: linkVisitors({
      linkValid: "ok",
      linkExpired: 410,
      linkDisabled: 410,
      // The visitor needs the salt to derive the password's hash.
      linkPasswordMissing: "ok",
      linkPasswordWrong: "ok",
      linkOverDeviceLimit: 403,
    }),
  },
  verifyPublicLinkPassword: {
    request: (_t, own) => ({ body: { passHash: own.passHash } }),
    expected: linkVisitors({
      linkValid: 400,
      linkExpired: 410,
      linkDisabled: 410,
      linkPasswordMissing: "ok",
      linkPasswordWrong: "ok",
      linkOverDeviceLimit: 400,
    }),
  },
  getPublicCollectionDiff: {
    request: () => ({ query: { sinceTime: 0 } }),
    shows: (answer, t) =>
      listsID(answer.json<{ diff: { id: number }[] | null }>().diff, t.linkFileID),
    expected: linkVisitors({ linkValid: "sees", ...linkState, linkOverDeviceLimit: 403 }),
  },
  downloadPublicFile: {
    request: (t) => ({ params: { fileID: t.linkFileID } }),
    // Devices are counted on /info and /diff only (wire-contract §9).
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  previewPublicFile: {
    request: (t) => ({ params: { fileID: t.linkFileID } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  // A link's file has a video preview (authorization-world.ts).
  fetchPublicFileData: {
    request: (t) => ({ query: { fileID: t.linkFileID, type: "vid_preview" } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  getPublicPreviewURL: {
    request: (t) => ({ query: { fileID: t.linkFileID, type: "vid_preview" } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  getPublicUploadURLs: {
    request: () => ({ query: { count: 1 } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  getPublicUploadURL: {
    request: () => ({ body: { contentLength: 10, contentMD5: md5Hex } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  getPublicMultipartUploadURLs: {
    request: () => ({ query: { count: 1 } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  getPublicMultipartUploadURL: {
    request: () => ({ body: { contentLength: 10, partLength: 10, partMd5s: [md5Hex] } }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },
  createPublicFile: {
    request: (_t, own) => ({ body: own.publicFileBody }),
    expected: linkVisitors({ linkValid: "ok", ...linkState, linkOverDeviceLimit: "ok" }),
  },

  // Families (wire-contract §11). Family membership opens no one's library:
  // the family's actors are outsiders in every row above.
  getFamilyMembers: {
    request: () => ({}),
    familiesToken: true,
    shows: (answer) => answer.json<{ members: unknown[] }>().members.length > 1,
    expected: {
      ...familyAdminCall("sees", "sees"),
      stranger: 404,
      viewer: 404,
      collaborator: 404,
      owner: 404,
    },
  },
  addFamilyMember: {
    request: (t) => ({ body: { email: t.inviteeEmail } }),
    familiesToken: true,
    expected: familyAdminCall("ok"),
  },
  removeFamilyMember: {
    request: (t) => ({ params: { id: t.spareMemberRowID } }),
    familiesToken: true,
    expected: familyAdminCall("ok"),
  },
  revokeFamilyInvite: {
    request: (t) => ({ params: { id: t.pendingInviteRowID } }),
    familiesToken: true,
    expected: familyAdminCall("ok"),
  },
  modifyFamilyStorage: {
    request: (t) => ({ body: { id: t.familyMemberRowID, storageLimit: null } }),
    familiesToken: true,
    expected: familyAdminCall("ok"),
  },
  // Silent: the invite token mailed to the invitee is a bearer credential; a
  // session adds nothing and takes nothing away. An unknown token is 404.
  getFamilyInviteInfo: {
    request: (t) => ({ params: { token: t.inviteToken } }),
    expected: anyone("ok"),
  },
  acceptFamilyInvite: {
    request: (t) => ({ body: { token: t.inviteToken } }),
    expected: anyone("ok"),
  },
  leaveFamily: {
    request: () => ({}),
    // Leaving no family is done already; the admin cannot leave (403).
    expected: { ...everyUser("ok"), familyAdmin: known(403) },
  },
  createFamily: {
    request: () => ({}),
    familiesToken: true,
    // Anyone with an active plan heads a family of their own; the admin's
    // is answered again; the member left its family in the row above.
    expected: {
      ...familyAdminCall("ok", "ok"),
      stranger: "ok",
      viewer: "ok",
      collaborator: "ok",
      owner: "ok",
    },
  },

  // The authenticator (wire-contract "Authenticator entities"): a user's key
  // and 2FA codes are the user's alone; sharing an album or a family opens
  // none of them, and another user's code is refused as a missing one.
  createAuthenticatorKey: {
    // The owner's is a retry of the world's; everyone else's is new.
    request: () => ({ body: authenticatorKeyBody }),
    expected: everyUser("ok"),
  },
  getAuthenticatorKey: {
    // Every user has the key of the row above.
    request: () => ({}),
    expected: everyUser("ok"),
  },
  createAuthenticatorEntity: {
    request: () => ({ body: { encryptedData: b64(40, 7), header: b64(24, 7) } }),
    expected: everyUser("ok"),
  },
  getAuthenticatorDiff: {
    request: () => ({ query: { sinceTime: 0, limit: 5000 } }),
    shows: (answer, t) =>
      answer
        .json<{ diff: { id: string }[] }>()
        .diff.some((entity) => entity.id === t.authenticatorEntityID),
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  updateAuthenticatorEntity: {
    request: (t) => ({
      body: { id: t.authenticatorEntityID, encryptedData: b64(40, 8), header: b64(24, 8) },
    }),
    expected: signedIn({ owner: "ok", collaborator: 404, viewer: 404, outsiders: 404 }),
  },
  deleteAuthenticatorEntity: {
    request: (t) => ({ query: { id: t.doomedAuthenticatorEntityID } }),
    expected: signedIn({ owner: "ok", collaborator: 404, viewer: 404, outsiders: 404 }),
  },

  // User entities (people, places, ...): like the authenticator's, each
  // user's own; sharing opens none, and another user's is a missing one.
  createUserEntityKey: {
    // The owner's is a retry of the world's; everyone else's is new.
    request: () => ({ body: userEntityKeyBody }),
    expected: everyUser("ok"),
  },
  getUserEntityKey: {
    // Every user has the key of the row above.
    request: () => ({ query: { type: userEntityKeyBody.type } }),
    expected: everyUser("ok"),
  },
  createUserEntity: {
    request: () => ({
      body: { type: userEntityKeyBody.type, encryptedData: b64(40, 9), header: b64(24, 9) },
    }),
    expected: everyUser("ok"),
  },
  getUserEntityDiff: {
    request: () => ({ query: { type: userEntityKeyBody.type, sinceTime: 0, limit: 5000 } }),
    shows: (answer, t) =>
      (answer.json<{ diff: { id: string }[] | null }>().diff ?? []).some(
        (entity) => entity.id === t.userEntityID,
      ),
    expected: signedIn({
      owner: "sees",
      collaborator: "blind",
      viewer: "blind",
      outsiders: "blind",
    }),
  },
  updateUserEntity: {
    request: (t) => ({
      body: {
        id: t.userEntityID,
        type: userEntityKeyBody.type,
        encryptedData: b64(40, 10),
        header: b64(24, 10),
      },
    }),
    expected: signedIn({ owner: "ok", collaborator: 404, viewer: 404, outsiders: 404 }),
  },
  deleteUserEntity: {
    request: (t) => ({ query: { id: t.doomedUserEntityID } }),
    expected: signedIn({ owner: "ok", collaborator: 404, viewer: 404, outsiders: 404 }),
  },
};
