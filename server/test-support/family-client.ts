import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestAccountClient } from "./account-client";
import type { TestAccountsServer } from "./accounts";

// Calls of the family endpoints for the families tests: the admin's calls
// with a FAMILIES JWT, the invite's calls by the token mailed to the invitee.

type Method = "GET" | "POST" | "DELETE";

/** What the family calls need of a server: its API and the mail it sent. */
type FamilyTestServer = Pick<TestAccountsServer, "request" | "mail">;

/** A FAMILIES JWT of `user`, from `GET /users/families-token`. */
export const familiesTokenOf = async (user: TestAccountClient): Promise<string> =>
  (await user.ok<{ familiesToken: string }>("GET", "/users/families-token")).familiesToken;

/** A family call of `user` with their FAMILIES JWT. */
export const familyCall = async (
  user: TestAccountClient,
  method: Method,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> => user.call(method, url, body, await familiesTokenOf(user));

/** A family call that must succeed; answers the JSON body (undefined when empty). */
export const familyOK = async <T = unknown>(
  user: TestAccountClient,
  method: Method,
  url: string,
  body?: unknown,
): Promise<T> => {
  const answer = await familyCall(user, method, url, body);
  expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
  return (answer.body === "" ? undefined : answer.json()) as T;
};

/** The invite token of the last invite mailed to `email`, read from the link in the mail. */
export const lastInviteToken = (server: FamilyTestServer, email: string): string => {
  const tokenIn = (text: string) => /[?&]inviteToken=([^\s&]+)/.exec(text)?.[1];
  const mail = server.mail.findLast((m) => m.to === email && tokenIn(m.text) !== undefined);
  const token = tokenIn(mail?.text ?? "");
  if (token === undefined) throw new Error(`No invite was mailed to ${email}`);
  return decodeURIComponent(token);
};

/** A call of the public invite endpoints (no credentials). */
export const publicCall = (
  server: FamilyTestServer,
  method: Method,
  url: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> =>
  server.request({
    method,
    url,
    headers: { "x-client-package": "io.cairn.photos.web" },
    ...(body === undefined ? {} : { payload: body }),
  });

/** Creates `admin`'s family and invites `member`; answers the mailed token. */
export const inviteToFamily = async (
  server: FamilyTestServer,
  admin: TestAccountClient,
  member: TestAccountClient,
  storageLimit?: number | null,
): Promise<string> => {
  await familyOK(admin, "POST", "/family/create");
  await familyOK(admin, "POST", "/family/add-member", {
    email: member.email,
    ...(storageLimit === undefined ? {} : { storageLimit }),
  });
  return lastInviteToken(server, member.email);
};

/** Creates `admin`'s family with `member` in it (invited, accepted). */
export const joinFamily = async (
  server: FamilyTestServer,
  admin: TestAccountClient,
  member: TestAccountClient,
): Promise<void> => {
  const token = await inviteToFamily(server, admin, member);
  const answer = await publicCall(server, "POST", "/family/accept-invite", { token });
  expect(answer.statusCode, answer.body).toBe(200);
};
