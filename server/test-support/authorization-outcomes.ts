import type { LightMyRequestResponse } from "fastify";
import {
  linkActors,
  type Actor,
  type LinkActor,
  type OwnObjects,
  type Targets,
  type UserActor,
} from "./authorization-world";

// The outcomes of the authorization matrix and the groups of actors its rows
// are written with. See: [Note: The authorization matrix]

export interface Known {
  status: number;
  known: true;
}
/** A refusal of a participant, who knows the object exists. */
export const known = (status: number): Known => ({ status, known: true });

export type Outcome = "ok" | "sees" | "blind" | number | Known;

export interface RowRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  request(targets: Targets, own: OwnObjects): RowRequest;
  expected: Record<Actor, Outcome>;
  /** For "sees" and "blind": whether a successful answer shows the target. */
  shows?(answer: LightMyRequestResponse, targets: Targets): boolean;
  /** The family admin's calls take a FAMILIES JWT in `X-Auth-Token` (wire-contract §11). */
  familiesToken?: true;
}

// ---------------------------------------------------------------------------
// Groups of actors, so each row reads as the spec does.

const allLinks = (outcome: Outcome) =>
  Object.fromEntries(linkActors.map((actor) => [actor, outcome])) as Record<LinkActor, Outcome>;

/** A session endpoint: link holders and callers without a token are 401. */
export const signedIn = (
  roles: Pick<Record<UserActor, Outcome>, "owner" | "collaborator" | "viewer"> & {
    /** The stranger and the family, to whom the album and its files are nothing. */
    outsiders: Outcome;
  } & Partial<Record<UserActor, Outcome>>,
): Record<Actor, Outcome> => ({
  noToken: 401,
  ...allLinks(401),
  stranger: roles.outsiders,
  familyAdmin: roles.outsiders,
  familyMember: roles.outsiders,
  ...roles,
});

/** A session endpoint about the caller alone: the same for every signed-in user. */
export const everyUser = (outcome: Outcome) =>
  signedIn({ owner: outcome, collaborator: outcome, viewer: outcome, outsiders: outcome });

/** A public link's endpoint: a session is no link (401), nor is nothing. */
export const linkVisitors = (links: Record<LinkActor, Outcome>): Record<Actor, Outcome> => ({
  noToken: 401,
  ...links,
  stranger: 401,
  familyAdmin: 401,
  familyMember: 401,
  viewer: 401,
  collaborator: 401,
  owner: 401,
});

/**
 * A link's state is checked before anything else (wire-contract §9):
 * expired and disabled 410, a password without its JWT 401. The 410 and
 * the 401 of an unknown token differ on purpose: a visitor is told the link
 * ended. The leak check is about the objects named inside the link.
 */
export const linkState = {
  linkExpired: 410,
  linkDisabled: 410,
  linkPasswordMissing: 401,
  linkPasswordWrong: 401,
} as const;

/** A family admin's call (FAMILIES JWT): 403 to anyone who administers no family. */
export const familyAdminCall = (admin: Outcome, member: Outcome = 403): Record<Actor, Outcome> => ({
  noToken: 401,
  ...allLinks(401),
  stranger: 403,
  familyAdmin: admin,
  familyMember: member,
  viewer: 403,
  collaborator: 403,
  owner: 403,
});

/** Every caller alike: the endpoint is public and its bearer token decides. */
export const anyone = (outcome: Outcome): Record<Actor, Outcome> => ({
  noToken: outcome,
  ...allLinks(outcome),
  stranger: outcome,
  familyAdmin: outcome,
  familyMember: outcome,
  viewer: outcome,
  collaborator: outcome,
  owner: outcome,
});
