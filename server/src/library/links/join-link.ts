import type { FastifyRequest } from "fastify";
import type { collectionEndpoints } from "../../../../shared/api/endpoints/collections";
import type { ClientApp } from "../../../../shared/api/headers";
import { badRequest } from "../../http/api-errors";
import { publicLinkCredentialsOf } from "../../http/auth";
import { StatusError } from "../../http/http-errors";
import { joinViaLink } from "../collections/share-collection";
import type { LibraryContext } from "../context";
import { linkOfAccessToken } from "./link-repository";
import { resolvePublicLink } from "./public-access";

// `POST /collections/join-link` (wire-contract §3.2): the caller's session
// says who joins, the link's tokens (as a visitor sends them) which album.
// See: [Note: Joining through a link never lowers a role]

export interface JoinLinkRequest {
  app: ClientApp;
  request: FastifyRequest;
  endpoint: typeof collectionEndpoints.joinCollectionViaLink;
  body: { collectionID: number; encryptedKey: string };
}

export const joinLinkOfRequest = async (
  context: LibraryContext,
  userID: number,
  { app, request, endpoint, body }: JoinLinkRequest,
): Promise<void> => {
  const credentials = publicLinkCredentialsOf(request);
  if (credentials === undefined) throw new StatusError(401, { error: "missing accessToken" });
  // The checks every visitor's call passes: enabled, unexpired, password.
  // See: [Note: A public link is checked in the reference's order]
  const session = await resolvePublicLink(context, credentials, { app, request, endpoint });
  if (session === undefined) throw new StatusError(401, { error: "invalid token" });
  const link = await linkOfAccessToken(context.db, session.accessToken);
  if (link === undefined) throw new StatusError(401, { error: "invalid token" });
  if (link.enable_download !== 1 || link.enable_join !== 1) {
    throw badRequest("The link does not allow joining its album");
  }
  await joinViaLink(
    context,
    userID,
    { collectionID: link.collection_id, enableCollect: link.enable_collect === 1 },
    body,
  );
};
