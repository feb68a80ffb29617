import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type {
  CollectionFileItem,
  NewFile,
  PublicURLJSON,
  RemoteFileJSON,
} from "../../shared/api/endpoints/library-schemas";
import type { HttpMethod } from "../../shared/api/endpoint";
import { headerNames } from "../../shared/api/headers";
import { toB64 } from "../../shared/crypto/base64";
import type { TestAccountClient } from "./account-client";
import type { TestAccountsServer } from "./accounts";
import { addTestVideoPreview } from "./preview-client";
import {
  collectionFileItem,
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  uploadTestFile,
  uploadTestObjects,
} from "./library-client";
import type { FamilyMembers } from "../src/families/family-members";
import {
  familiesTokenOf,
  familyOK,
  inviteToFamily,
  joinFamily,
  lastInviteToken,
} from "./family-client";

// The world the authorization matrix runs in, built through the HTTP API
// alone: an owner's album holding the owner's file and a collaborator's,
// shared with a collaborator and a viewer; a family (admin, member, pending
// invites); an unrelated user; and public links in each state a visitor can
// meet (valid, expired, disabled, password-protected, full of devices).

/** Everyone who calls in the matrix. */
export const userActors = [
  "stranger",
  "familyAdmin",
  "familyMember",
  "viewer",
  "collaborator",
  "owner",
] as const;
export const linkActors = [
  "linkValid",
  "linkExpired",
  "linkDisabled",
  "linkPasswordMissing",
  "linkPasswordWrong",
  "linkOverDeviceLimit",
] as const;
/**
 * In the order the cases of one endpoint run: the least privileged first,
 * so an allowed change (the owner's, last) never alters what a refused
 * actor met.
 */
export const actors = ["noToken", ...linkActors, ...userActors] as const;

export type UserActor = (typeof userActors)[number];
export type LinkActor = (typeof linkActors)[number];
export type Actor = (typeof actors)[number];

/**
 * The objects a row's request is about. The leak check sends the same
 * request with each of them replaced by one that does not exist
 * (`missingTargets`). `linkFileID` is resolved per caller: the file of the
 * album a link actor's link opens.
 */
export interface Targets {
  /** The shared album: owner's file, collaborator's file, valid link. */
  albumID: number;
  ownerFileID: number;
  collaboratorFileID: number;
  /**
   * A collaborator's file in the album for remove-files, per caller: the
   * owner takes out one, everyone else tries another (which the
   * collaborator, running before the owner, takes out).
   */
  removableFileID: number;
  /** A collaborator's file in the album whose deletion the owner suggests (which takes it out). */
  suggestableFileID: number;
  /** The owner's file in the album that the trash row trashes. */
  trashableFileID: number;
  /** The owner's files in the trash: one to restore, one to delete for good. */
  restorableFileID: number;
  deletableFileID: number;
  /** Shared albums that the delete, leave and disable-link rows consume. */
  doomedAlbumID: number;
  leavableAlbumID: number;
  unlinkableAlbumID: number;
  /** A user shared on the album, whom the owner unshares; a user whom the owner shares with. */
  unshareeEmail: string;
  newShareeEmail: string;
  linkFileID: number;
  familyMemberRowID: string;
  spareMemberRowID: string;
  pendingInviteRowID: string;
  inviteToken: string;
  inviteeEmail: string;
  /** The owner's 2FA codes in the auth app: one to update, one the delete row consumes. */
  authenticatorEntityID: string;
  doomedAuthenticatorEntityID: string;
  /** The owner's user entities (people, places): one to update, one the delete row consumes. */
  userEntityID: string;
  doomedUserEntityID: string;
}

/** Objects that do not exist, for the "no existence leak" check. */
export const missingTargets: Targets = {
  albumID: 1_580_559_999_999_001,
  ownerFileID: 99_999_001,
  collaboratorFileID: 99_999_002,
  removableFileID: 99_999_003,
  suggestableFileID: 99_999_009,
  trashableFileID: 99_999_005,
  restorableFileID: 99_999_006,
  deletableFileID: 99_999_007,
  doomedAlbumID: 1_580_559_999_999_002,
  leavableAlbumID: 1_580_559_999_999_003,
  unlinkableAlbumID: 1_580_559_999_999_004,
  unshareeEmail: "nobody-shared@example.org",
  newShareeEmail: "nobody-new@example.org",
  linkFileID: 99_999_008,
  familyMemberRowID: "00000000-0000-4000-8000-000000000001",
  spareMemberRowID: "00000000-0000-4000-8000-000000000002",
  pendingInviteRowID: "00000000-0000-4000-8000-000000000003",
  inviteToken: "bm90LWFuLWludml0ZS10b2tlbi1hdC1hbGwtMDAwMDAwMDA=",
  inviteeEmail: "nobody-invited@example.org",
  authenticatorEntityID: "00000000-0000-4000-8000-000000000004",
  doomedAuthenticatorEntityID: "00000000-0000-4000-8000-000000000005",
  userEntityID: "location_0000000000000000000001",
  doomedUserEntityID: "location_0000000000000000000002",
};

/** What a caller brings of its own to a request (its album and files). */
export interface OwnObjects {
  userID: number;
  ownAlbumID: number;
  /** Its file for add-files, keyed under the shared album's key. */
  spareItem: CollectionFileItem;
  /** Its file for move-files (from its album into the shared one). */
  moverItem: CollectionFileItem;
  /** `POST /files` bodies with objects minted for it: into the shared album, replacing the owner's file. */
  newFileBody: NewFile;
  updateFileBody: NewFile;
  /** A `POST /public-collection/file` body for its link's album (link actors that may collect). */
  publicFileBody: NewFile;
  /** The album the join-link row joins, and its link's access token. */
  lobbyAlbumID: number;
  lobbyAccessToken: string;
  passHash: string;
}

export interface Credentials {
  sessionToken?: string;
  familiesToken?: string;
  accessToken?: string;
  accessTokenJWT?: string;
  userAgent: string;
}

export interface AuthorizationWorld {
  server: TestAccountsServer;
  credentials: Record<Actor, Credentials>;
  targets: Record<Actor, Targets>;
  own: Record<Actor, OwnObjects>;
  users: Record<UserActor, TestAccountClient>;
  /** A file of the owner in no shared or linked album. */
  privateFileID: number;
}

type LinkResult = { result: PublicURLJSON };

export const linkPassHash = toB64(new Uint8Array(32).fill(9));
const otherLinkPassHash = toB64(new Uint8Array(32).fill(7));
const passwordBody = (passHash: string) => ({
  passHash,
  nonce: toB64(new Uint8Array(16).fill(4)),
  memLimit: 67_108_864,
  opsLimit: 2,
});
const collectingLink = { enableCollect: true } as const;
/** The authenticator key every user posts (the owner's in the world, the others' in its row). */
export const authenticatorKeyBody = {
  encryptedKey: toB64(new Uint8Array(49).fill(6)),
  header: toB64(new Uint8Array(24).fill(6)),
};
/** The user-entity key of a type every user posts (the owner's in the world, the others' in its row). */
export const userEntityKeyBody = {
  type: "location",
  encryptedKey: toB64(new Uint8Array(48).fill(7)),
  header: toB64(new Uint8Array(24).fill(7)),
} as const;
/** The free plan admits 5 devices per link (wire-contract §9). */
const freePlanLinkDevices = 5;

const accessTokenOf = (link: PublicURLJSON): string =>
  new URL(link.url).searchParams.get("t") ?? "";

export const buildAuthorizationWorld = async (
  server: TestAccountsServer,
): Promise<AuthorizationWorld> => {
  const signUp = (name: string) => signUpTestUser(server, `${name}@example.org`);
  const users: Record<UserActor, TestAccountClient> = {
    owner: await signUp("owner"),
    collaborator: await signUp("collaborator"),
    viewer: await signUp("viewer"),
    familyAdmin: await signUp("family-admin"),
    familyMember: await signUp("family-member"),
    stranger: await signUp("stranger"),
  };
  const { owner, collaborator, viewer } = users;
  const unsharee = await signUp("unsharee");
  const newSharee = await signUp("new-sharee");

  /** An album of the owner shared with the collaborator and the viewer. */
  const sharedAlbum = async (name: string) => {
    const album = await createTestCollection(server, owner, { name });
    await shareTestCollection(server, owner, collaborator, album.id, "COLLABORATOR");
    await shareTestCollection(server, owner, viewer, album.id, "VIEWER");
    return album;
  };
  const createLink = async (albumID: number, body: Record<string, unknown> = {}) =>
    (
      await owner.ok<LinkResult>("POST", "/collections/share-url", {
        collectionID: albumID,
        ...body,
      })
    ).result;
  const updateLink = (albumID: number, body: Record<string, unknown>) =>
    owner.ok<LinkResult>("PUT", "/collections/share-url", { collectionID: albumID, ...body });

  const album = await sharedAlbum("Shared");
  await shareTestCollection(server, owner, unsharee, album.id, "VIEWER");
  const ownerFile = await uploadTestFile(server, owner, album.id);
  const trashable = await uploadTestFile(server, owner, album.id);
  const collaboratorAlbum = await createTestCollection(server, collaborator, { name: "Mine" });
  const addToAlbum = async (user: TestAccountClient, file: RemoteFileJSON) => {
    await user.ok("POST", "/collections/add-files", {
      collectionID: album.id,
      files: [await collectionFileItem(server, user, file, album.id)],
    });
  };
  const collaboratorFiles: RemoteFileJSON[] = [];
  for (let i = 0; i < 4; i++) {
    const file = await uploadTestFile(server, collaborator, collaboratorAlbum.id);
    await addToAlbum(collaborator, file);
    collaboratorFiles.push(file);
  }
  const [collaboratorFile, removedByCollaborator, removedByOwner, suggestedForDeletion] =
    collaboratorFiles;
  if (!collaboratorFile || !removedByCollaborator || !removedByOwner || !suggestedForDeletion) {
    throw new Error("4 files");
  }

  // The owner's trash: two files trashed from an album of its own.
  const ownerAlbum = await createTestCollection(server, owner, { name: "Owner's own" });
  const restorable = await uploadTestFile(server, owner, ownerAlbum.id);
  const deletable = await uploadTestFile(server, owner, ownerAlbum.id);
  const privateFile = await uploadTestFile(server, owner, ownerAlbum.id);
  await owner.ok("POST", "/files/trash", {
    items: [restorable, deletable].map((file) => ({
      fileID: file.id,
      collectionID: ownerAlbum.id,
    })),
  });

  // Every user's own album with a file to add and one to move.
  const ownObjects = async (user: TestAccountClient, ownAlbumID: number) => {
    const spare = await uploadTestFile(server, user, ownAlbumID);
    const mover = await uploadTestFile(server, user, ownAlbumID);
    const randomItem = (file: RemoteFileJSON): CollectionFileItem => ({
      id: file.id,
      encryptedKey: toB64(new Uint8Array(48).fill(1)),
      keyDecryptionNonce: toB64(new Uint8Array(24).fill(2)),
    });
    // Objects minted for the user; registering them is what the create and update rows try.
    const { body: newFileBody } = await uploadTestObjects(server, user, ownAlbumID);
    const { body: updateFileBody } = await uploadTestObjects(server, user, ownAlbumID);
    return {
      userID: user.userID,
      ownAlbumID,
      spareItem: randomItem(spare),
      moverItem: randomItem(mover),
      newFileBody: { ...newFileBody, collectionID: album.id },
      updateFileBody,
    };
  };
  const ownOfUsers = {} as Record<UserActor, Awaited<ReturnType<typeof ownObjects>>>;
  for (const actor of userActors) {
    const ownAlbumID =
      actor === "owner"
        ? ownerAlbum.id
        : (await createTestCollection(server, users[actor], { name: "Own" })).id;
    ownOfUsers[actor] = await ownObjects(users[actor], ownAlbumID);
  }

  // Albums the consuming rows use up.
  const doomed = await sharedAlbum("Doomed");
  const leavable = await sharedAlbum("Leavable");
  const unlinkable = await sharedAlbum("Unlinkable");
  await createLink(unlinkable.id);
  const lobby = await createTestCollection(server, owner, { name: "Lobby" });
  await shareTestCollection(server, owner, collaborator, lobby.id, "COLLABORATOR");
  await shareTestCollection(server, owner, viewer, lobby.id, "VIEWER");
  const lobbyAccessToken = accessTokenOf(await createLink(lobby.id));

  // The links, one album each (an album has one enabled link).
  const linkAlbum = async (name: string) => {
    const linked = await createTestCollection(server, owner, { name });
    const file = await uploadTestFile(server, owner, linked.id);
    return { albumID: linked.id, fileID: file.id };
  };
  const validLink = { albumID: album.id, fileID: ownerFile.id };
  // The files a visitor gets as far as reading have a video preview to read.
  await addTestVideoPreview(owner, ownerFile.id);
  const expiredLink = await linkAlbum("Expired link");
  const disabledLink = await linkAlbum("Disabled link");
  const passwordLink = await linkAlbum("Password link");
  const otherPasswordLink = await linkAlbum("Other password link");
  const crowdedLink = await linkAlbum("Crowded link");
  await addTestVideoPreview(owner, crowdedLink.fileID);
  const linkLifetimeMs = 60_000;
  const tokens = {
    linkValid: accessTokenOf(await createLink(album.id, collectingLink)),
    linkExpired: accessTokenOf(
      await createLink(expiredLink.albumID, {
        ...collectingLink,
        validTill: server.libraryContext.nowUs() + linkLifetimeMs * 1000,
      }),
    ),
    linkDisabled: accessTokenOf(await createLink(disabledLink.albumID, collectingLink)),
    linkPassword: accessTokenOf(await createLink(passwordLink.albumID, collectingLink)),
    otherPassword: accessTokenOf(await createLink(otherPasswordLink.albumID, collectingLink)),
    linkOverDeviceLimit: accessTokenOf(await createLink(crowdedLink.albumID, collectingLink)),
  };
  await owner.ok("DELETE", `/collections/share-url/${String(disabledLink.albumID)}`);
  await updateLink(passwordLink.albumID, passwordBody(linkPassHash));
  await updateLink(otherPasswordLink.albumID, passwordBody(otherLinkPassHash));
  const visitorHeaders = (accessToken: string, userAgent: string) => ({
    [headerNames.clientPackage]: "io.cairn.photos.web",
    [headerNames.accessToken]: accessToken,
    "user-agent": userAgent,
  });
  const visitInfo = (accessToken: string, userAgent: string) =>
    server.request({
      method: "GET",
      url: "/public-collection/info",
      headers: visitorHeaders(accessToken, userAgent),
    });
  // A JWT that proves another link's password: a wrong one for the password link.
  const otherJWT = await server.request({
    method: "POST",
    url: "/public-collection/verify-password",
    headers: visitorHeaders(tokens.otherPassword, "visitor"),
    payload: { passHash: otherLinkPassHash },
  });
  expect(otherJWT.statusCode, otherJWT.body).toBe(200);
  const wrongJWT = otherJWT.json<{ jwtToken: string }>().jwtToken;
  // Fill the crowded link with the free plan's devices.
  for (let device = 0; device < freePlanLinkDevices; device++) {
    const admitted = await visitInfo(tokens.linkOverDeviceLimit, `device ${String(device)}`);
    expect(admitted.statusCode, admitted.body).toBe(200);
  }
  // Bodies for the collecting links whose visitors get as far as registering.
  const publicFileBody = async (albumID: number) =>
    (await uploadTestObjects(server, owner, albumID)).body;

  // The family: admin and member, a second member, a pending invite.
  const { familyAdmin, familyMember } = users;
  const spareMember = await signUp("spare-member");
  const revokedInvitee = await signUp("revoked-invitee");
  const pendingInvitee = await signUp("pending-invitee");
  await joinFamily(server, familyAdmin, familyMember);
  const spareToken = await inviteToFamily(server, familyAdmin, spareMember);
  await server.request({
    method: "POST",
    url: "/family/accept-invite",
    payload: { token: spareToken },
  });
  await familyOK(familyAdmin, "POST", "/family/add-member", { email: revokedInvitee.email });
  await familyOK(familyAdmin, "POST", "/family/add-member", { email: pendingInvitee.email });
  const inviteToken = lastInviteToken(server, pendingInvitee.email);
  const { members } = await familyOK<FamilyMembers>(familyAdmin, "GET", "/family/members");
  const rowOf = (user: TestAccountClient) => {
    const row = members.find((member) => member.email === user.email);
    if (row === undefined) throw new Error(`${user.email} is not in the family`);
    return row.id;
  };
  const invitee = await signUp("invitee");

  // The owner's authenticator key and two codes.
  await owner.ok("POST", "/authenticator/key", authenticatorKeyBody);
  const authenticatorCode = (fill: number) =>
    owner.ok<{ id: string }>("POST", "/authenticator/entity", {
      encryptedData: toB64(new Uint8Array(40).fill(fill)),
      header: toB64(new Uint8Array(24).fill(fill)),
    });
  const authenticatorEntity = await authenticatorCode(1);
  const doomedAuthenticatorEntity = await authenticatorCode(2);

  // The owner's key of a user-entity type and two entities of it.
  await owner.ok("POST", "/user-entity/key", userEntityKeyBody);
  const userEntity = (fill: number) =>
    owner.ok<{ id: string }>("POST", "/user-entity/entity", {
      type: userEntityKeyBody.type,
      encryptedData: toB64(new Uint8Array(40).fill(fill)),
      header: toB64(new Uint8Array(24).fill(fill)),
    });
  const ownerUserEntity = await userEntity(3);
  const doomedUserEntity = await userEntity(4);

  // The expired link expires now; everything else keeps working.
  server.clock.advanceMs(2 * linkLifetimeMs);

  const sharedTargets: Omit<Targets, "linkFileID" | "removableFileID"> = {
    albumID: album.id,
    ownerFileID: ownerFile.id,
    collaboratorFileID: collaboratorFile.id,
    suggestableFileID: suggestedForDeletion.id,
    trashableFileID: trashable.id,
    restorableFileID: restorable.id,
    deletableFileID: deletable.id,
    doomedAlbumID: doomed.id,
    leavableAlbumID: leavable.id,
    unlinkableAlbumID: unlinkable.id,
    unshareeEmail: unsharee.email,
    newShareeEmail: newSharee.email,
    familyMemberRowID: rowOf(familyMember),
    spareMemberRowID: rowOf(spareMember),
    pendingInviteRowID: rowOf(revokedInvitee),
    inviteToken,
    inviteeEmail: invitee.email,
    authenticatorEntityID: authenticatorEntity.id,
    doomedAuthenticatorEntityID: doomedAuthenticatorEntity.id,
    userEntityID: ownerUserEntity.id,
    doomedUserEntityID: doomedUserEntity.id,
  };
  const linkOf: Record<LinkActor, { albumID: number; fileID: number; accessToken: string }> = {
    linkValid: { ...validLink, accessToken: tokens.linkValid },
    linkExpired: { ...expiredLink, accessToken: tokens.linkExpired },
    linkDisabled: { ...disabledLink, accessToken: tokens.linkDisabled },
    linkPasswordMissing: { ...passwordLink, accessToken: tokens.linkPassword },
    linkPasswordWrong: { ...passwordLink, accessToken: tokens.linkPassword },
    linkOverDeviceLimit: { ...crowdedLink, accessToken: tokens.linkOverDeviceLimit },
  };

  const credentials = { noToken: { userAgent: "anonymous" } } as Record<Actor, Credentials>;
  const anonymousTargets: Targets = {
    ...sharedTargets,
    linkFileID: ownerFile.id,
    removableFileID: removedByCollaborator.id,
  };
  const targets = { noToken: anonymousTargets } as Record<Actor, Targets>;
  // Anonymous callers send well-formed requests naming the stranger's objects.
  const anonymousOwn: OwnObjects = {
    ...ownOfUsers.stranger,
    publicFileBody: await publicFileBody(album.id),
    lobbyAlbumID: lobby.id,
    lobbyAccessToken,
    passHash: linkPassHash,
  };
  const own = { noToken: anonymousOwn } as Record<Actor, OwnObjects>;
  for (const actor of userActors) {
    credentials[actor] = {
      sessionToken: users[actor].token,
      familiesToken: await familiesTokenOf(users[actor]),
      userAgent: `${actor}'s browser`,
    };
    targets[actor] = {
      ...anonymousTargets,
      removableFileID: actor === "owner" ? removedByOwner.id : removedByCollaborator.id,
    };
    own[actor] = { ...anonymousOwn, ...ownOfUsers[actor] };
  }
  for (const actor of linkActors) {
    const link = linkOf[actor];
    credentials[actor] = {
      accessToken: link.accessToken,
      userAgent: actor === "linkOverDeviceLimit" ? "one device too many" : `${actor}'s browser`,
      ...(actor === "linkPasswordWrong" ? { accessTokenJWT: wrongJWT } : {}),
    };
    targets[actor] = { ...anonymousTargets, linkFileID: link.fileID };
    own[actor] = {
      ...anonymousOwn,
      publicFileBody:
        actor === "linkValid" || actor === "linkOverDeviceLimit"
          ? await publicFileBody(link.albumID)
          : anonymousOwn.publicFileBody,
    };
  }
  return { server, credentials, targets, own, users, privateFileID: privateFile.id };
};

/** One call of the matrix: the endpoint's method and filled path, with the actor's credentials. */
export const callAs = (
  world: AuthorizationWorld,
  actor: Actor,
  request: {
    method: HttpMethod;
    url: string;
    body?: unknown;
    useFamiliesToken: boolean;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> => {
  const { sessionToken, familiesToken, accessToken, accessTokenJWT, userAgent } =
    world.credentials[actor];
  const userToken = request.useFamiliesToken ? familiesToken : sessionToken;
  return world.server.request({
    method: request.method,
    url: request.url,
    headers: {
      [headerNames.clientPackage]: "io.cairn.photos.web",
      "user-agent": userAgent,
      ...request.headers,
      ...(userToken === undefined ? {} : { [headerNames.authToken]: userToken }),
      ...(accessToken === undefined ? {} : { [headerNames.accessToken]: accessToken }),
      ...(accessTokenJWT === undefined ? {} : { [headerNames.accessTokenJWT]: accessTokenJWT }),
    },
    ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
  });
};
