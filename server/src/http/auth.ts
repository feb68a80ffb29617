import type { FastifyRequest } from "fastify";
import type { PublicLinkCredentials } from "../../../shared/api/client";
import type { AnyEndpoint, AuthKind } from "../../../shared/api/endpoint";
import { headerNames, tokenQueryNames, type ClientApp } from "../../../shared/api/headers";
import { StatusError } from "./http-errors";

// [Note: Auth is resolved by injected resolvers]
//
// The HTTP layer finds the credentials an endpoint's auth kind needs (the
// session token from `X-Auth-Token` or `?token=`; the public-link tokens
// from their headers or `?accessToken=` / `?accessTokenJWT=`, wire-contract
// §0.1; a cast device's token from `X-Cast-Access-Token` or `?castToken=`),
// answers 401 when they are missing, and hands them to a resolver that
// decides who the caller is. The resolvers belong to the accounts and
// sharing services; until those exist, `noSessions` accepts nobody.

/** A logged-in caller. */
export interface UserSession {
  userID: number;
  /** The app the token was issued for; tokens are per app (wire-contract §0.1). */
  app: ClientApp;
  token: string;
}

/** A caller holding a public link. */
export interface PublicLinkSession {
  collectionID: number;
  accessToken: string;
  /** The visitor's device, on the calls that count devices (`/info`, `/diff`). */
  deviceID?: string | undefined;
}

/** A cast device paired with a collection (wire-contract §0.1 `X-Cast-Access-Token`). */
export interface CastSession {
  /** The collection the device shows. */
  collectionID: number;
  /** Who paired it, and whose access to the collection it borrows. */
  casterID: number;
  /** The device's ID among the caster's cast devices. */
  deviceID: string;
}

/** The holder of an ACCOUNTS-scoped JWT (wire-contract §1.2). */
export interface AccountsTokenSession {
  userID: number;
}

/** The holder of a FAMILIES-scoped JWT (wire-contract §1.2, §11). */
export interface FamiliesTokenSession {
  userID: number;
}

/** What a handler receives as `session` for each auth kind. */
export type SessionFor<A extends AuthKind> = A extends "user"
  ? UserSession
  : A extends "publicLink"
    ? PublicLinkSession
    : A extends "accountsToken"
      ? AccountsTokenSession
      : A extends "familiesToken"
        ? FamiliesTokenSession
        : A extends "castToken"
          ? CastSession
          : undefined;

export interface AuthContext {
  app: ClientApp;
  request: FastifyRequest;
  endpoint: AnyEndpoint;
}

export interface AuthResolvers {
  /** The session of a token, or undefined when the token is not valid. May throw `StatusError`. */
  user(token: string, context: AuthContext): Promise<UserSession | undefined>;
  /** The holder of an ACCOUNTS JWT, or undefined when it is not valid. May throw `StatusError`. */
  accountsToken(token: string, context: AuthContext): Promise<AccountsTokenSession | undefined>;
  /** The holder of a FAMILIES JWT, or undefined when it is not valid. May throw `StatusError`. */
  familiesToken(token: string, context: AuthContext): Promise<FamiliesTokenSession | undefined>;
  /** The session of a link, or undefined when the link is not valid. May throw `StatusError`. */
  publicLink(
    credentials: PublicLinkCredentials,
    context: AuthContext,
  ): Promise<PublicLinkSession | undefined>;
  /** The session of a cast token, or undefined when the token is not valid. May throw `StatusError`. */
  castToken(token: string, context: AuthContext): Promise<CastSession | undefined>;
}

/** The resolvers of a server without accounts: every credential is invalid. */
export const noSessions: AuthResolvers = {
  user: () => Promise.resolve(undefined),
  accountsToken: () => Promise.resolve(undefined),
  familiesToken: () => Promise.resolve(undefined),
  publicLink: () => Promise.resolve(undefined),
  castToken: () => Promise.resolve(undefined),
};

const firstValue = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first !== "" ? first : undefined;
};

const header = (request: FastifyRequest, name: string) =>
  firstValue(request.headers[name.toLowerCase()]);

const queryValue = (request: FastifyRequest, name: string) =>
  firstValue((request.query as Record<string, unknown> | undefined)?.[name]);

/** The session token: header first, then the query (wire-contract §0.1). */
export const userTokenOf = (request: FastifyRequest): string | undefined =>
  header(request, headerNames.authToken) ?? queryValue(request, tokenQueryNames.authToken);

export const publicLinkCredentialsOf = (
  request: FastifyRequest,
): PublicLinkCredentials | undefined => {
  const accessToken =
    header(request, headerNames.accessToken) ?? queryValue(request, tokenQueryNames.accessToken);
  if (accessToken === undefined) return undefined;
  return {
    accessToken,
    accessTokenJWT:
      header(request, headerNames.accessTokenJWT) ??
      queryValue(request, tokenQueryNames.accessTokenJWT),
    linkDeviceToken: header(request, headerNames.linkDeviceToken),
  };
};

/** A cast device's token: header first, then the query (wire-contract §0.1). */
export const castTokenOf = (request: FastifyRequest): string | undefined =>
  header(request, headerNames.castAccessToken) ??
  queryValue(request, tokenQueryNames.castAccessToken);

/** The session for an endpoint's auth kind, or a 401. See: [Note: Auth is resolved by injected resolvers] */
export const resolveSession = async (
  resolvers: AuthResolvers,
  context: AuthContext,
): Promise<
  | UserSession
  | AccountsTokenSession
  | FamiliesTokenSession
  | PublicLinkSession
  | CastSession
  | undefined
> => {
  const { endpoint, request } = context;
  switch (endpoint.auth) {
    case "none":
      return undefined;
    case "user": {
      const token = userTokenOf(request);
      if (token === undefined) throw new StatusError(401, { error: "missing token" });
      const session = await resolvers.user(token, context);
      if (session === undefined) throw new StatusError(401, { error: "invalid token" });
      return session;
    }
    case "accountsToken":
    case "familiesToken": {
      // Scoped JWTs travel only in the header, never in the query.
      const token = header(request, headerNames.authToken);
      if (token === undefined) throw new StatusError(401, { error: "missing token" });
      const session = await resolvers[endpoint.auth](token, context);
      if (session === undefined) throw new StatusError(401, { error: "invalid token" });
      return session;
    }
    case "publicLink": {
      const credentials = publicLinkCredentialsOf(request);
      if (credentials === undefined) throw new StatusError(401, { error: "missing accessToken" });
      const session = await resolvers.publicLink(credentials, context);
      if (session === undefined) throw new StatusError(401, { error: "invalid token" });
      return session;
    }
    case "castToken": {
      const token = castTokenOf(request);
      if (token === undefined) {
        throw new StatusError(401, { error: "cast access token missing" });
      }
      const session = await resolvers.castToken(token, context);
      if (session === undefined) throw new StatusError(401, { error: "invalid token" });
      return session;
    }
  }
};
