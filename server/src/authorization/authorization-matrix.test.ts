import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isResponseSchema, type AnyEndpoint } from "../../../shared/api/endpoint";
import { authenticatorEndpoints } from "../../../shared/api/endpoints/authenticator";
import { collectionActionEndpoints } from "../../../shared/api/endpoints/collection-actions";
import { collectionEndpoints } from "../../../shared/api/endpoints/collections";
import { familyEndpoints } from "../../../shared/api/endpoints/families";
import { fileEndpoints } from "../../../shared/api/endpoints/files";
import { publicCollectionEndpoints } from "../../../shared/api/endpoints/public-collection";
import { trashEndpoints } from "../../../shared/api/endpoints/trash";
import { userEntityEndpoints } from "../../../shared/api/endpoints/user-entity";
import { fillPath } from "../../../shared/api/path";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import {
  actors,
  buildAuthorizationWorld,
  callAs,
  missingTargets,
  type Actor,
  type AuthorizationWorld,
  type Targets,
} from "../../test-support/authorization-world";
import { authorizationMatrix } from "../../test-support/authorization-matrix";
import type { MatrixRow, Outcome } from "../../test-support/authorization-outcomes";

// Every (endpoint, actor) of the matrix is its own case, on each database.
// See: [Note: The authorization matrix]

/** The endpoints under the matrix, straight from the wire contract's registries. */
const registered: Record<string, AnyEndpoint> = {
  ...collectionEndpoints,
  ...collectionActionEndpoints,
  ...fileEndpoints,
  ...trashEndpoints,
  ...publicCollectionEndpoints,
  ...familyEndpoints,
  ...authenticatorEndpoints,
  ...userEntityEndpoints,
};
const rows: Record<string, MatrixRow | undefined> = authorizationMatrix;
const rowOrder = Object.keys(authorizationMatrix);
/** In the table's order; an endpoint without a row comes last, and fails. */
const endpointNames = Object.keys(registered).sort(
  (a, b) =>
    (rowOrder.includes(a) ? rowOrder.indexOf(a) : rowOrder.length) -
    (rowOrder.includes(b) ? rowOrder.indexOf(b) : rowOrder.length),
);

const describeOutcome = (outcome: Outcome): string =>
  typeof outcome === "string"
    ? outcome
    : typeof outcome === "number"
      ? `${String(outcome)}, as for a missing object`
      : `${String(outcome.status)} (a participant)`;

/** The body with every target (real or missing) spelled as its name: a refusal may echo the request. */
const withTargetsNamed = (body: string, targets: Targets): string => {
  let named = body;
  for (const key of Object.keys(targets) as (keyof Targets)[]) {
    for (const value of [targets[key], missingTargets[key]]) {
      named =
        typeof value === "number"
          ? named.replace(new RegExp(`\\b${String(value)}\\b`, "g"), `<${key}>`)
          : named.split(value).join(`<${key}>`);
    }
  }
  return named;
};

describe.each(testDatabaseBackends())("the authorization matrix on $name", (backend) => {
  let server: TestAccountsServer;
  let world: AuthorizationWorld;
  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    world = await buildAuthorizationWorld(server);
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it("has exactly one row per endpoint of the registries", () => {
    expect(rowOrder.toSorted()).toEqual(Object.keys(registered).toSorted());
  });

  const call = (
    name: string,
    row: MatrixRow,
    actor: Actor,
    targets: Targets,
  ): Promise<LightMyRequestResponse> => {
    const endpoint = registered[name];
    if (endpoint === undefined) throw new Error(`${name} is not registered`);
    const { params = {}, query, body, headers } = row.request(targets, world.own[actor]);
    const search =
      query === undefined
        ? ""
        : `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
    return callAs(world, actor, {
      method: endpoint.method,
      url: fillPath(endpoint.path, params) + search,
      body,
      useFamiliesToken: row.familiesToken === true,
      ...(headers === undefined ? {} : { headers }),
    });
  };

  // Beside the matrix: a valid link's visitor naming a file outside the
  // link's album is refused as for a file that does not exist.
  it.each(["downloadPublicFile", "previewPublicFile"])(
    "linkValid: %s of another album's file is 403, as for a missing file",
    async (name) => {
      const outside = (fileID: number) =>
        callAs(world, "linkValid", {
          method: "GET",
          url: fillPath(registered[name]?.path ?? "", { fileID }),
          useFamiliesToken: false,
        });
      const refused = await outside(world.privateFileID);
      const missing = await outside(missingTargets.linkFileID);
      expect(refused.statusCode).toBe(403);
      expect([missing.statusCode, missing.body]).toEqual([refused.statusCode, refused.body]);
    },
  );

  describe.each(endpointNames)("%s", (name) => {
    const endpoint = registered[name];
    const row = rows[name];
    const isRedirect =
      endpoint !== undefined &&
      !isResponseSchema(endpoint.response) &&
      endpoint.response.responseKind === "redirect";
    const cases = actors.map((actor) => ({
      actor,
      outcome: row?.expected[actor],
      shown: row === undefined ? "no row" : describeOutcome(row.expected[actor]),
    }));

    it.each(cases)("$actor: $shown", async ({ actor, outcome }) => {
      if (row === undefined || outcome === undefined) {
        throw new Error(`${name} has no row in the authorization matrix`);
      }
      const targets = world.targets[actor];
      const answer = await call(name, row, actor, targets);
      if (typeof outcome === "string") {
        expect(answer.statusCode, answer.body).toBe(isRedirect ? 307 : 200);
        if (outcome !== "ok") {
          if (row.shows === undefined) throw new Error(`${name} says "${outcome}" without shows`);
          expect(row.shows(answer, targets), answer.body).toBe(outcome === "sees");
        }
        return;
      }
      const status = typeof outcome === "number" ? outcome : outcome.status;
      expect(answer.statusCode, answer.body).toBe(status);
      if (typeof outcome !== "number") return;
      // No existence leak: about objects that do not exist, the same refusal.
      const missing = await call(name, row, actor, missingTargets);
      expect({
        status: missing.statusCode,
        body: withTargetsNamed(missing.body, targets),
      }).toEqual({ status: answer.statusCode, body: withTargetsNamed(answer.body, targets) });
    });
  });
});
