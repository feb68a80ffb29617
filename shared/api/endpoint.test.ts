import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  defineEndpoint,
  emptyResponse,
  isResponseSchema,
  redirectResponse,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseInputOf,
} from "./endpoint";
import { endpointAreas, endpoints } from "./registry";
import { intFromString } from "./wire-values";

describe("defineEndpoint", () => {
  it("keeps the declaration and defaults to the general error mapping", () => {
    const endpoint = defineEndpoint({
      method: "POST",
      path: "/files/:fileID/rename",
      auth: "user",
      params: z.object({ fileID: intFromString() }),
      query: z.object({ dryRun: z.string().optional() }),
      body: z.object({ name: z.string() }),
      response: emptyResponse,
    });
    expect(endpoint.method).toBe("POST");
    expect(endpoint.path).toBe("/files/:fileID/rename");
    expect(endpoint.errorMapping).toBe("general");
    expect(Object.isFrozen(endpoint)).toBe(true);
    expectTypeOf<ParamsOf<typeof endpoint>>().toEqualTypeOf<{ fileID: number }>();
    expectTypeOf<QueryOf<typeof endpoint>>().toEqualTypeOf<{ dryRun?: string | undefined }>();
    expectTypeOf<BodyOf<typeof endpoint>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<ResponseInputOf<typeof endpoint>>().toEqualTypeOf<undefined>();
  });

  it("types what a redirect handler returns", () => {
    const endpoint = defineEndpoint({
      method: "GET",
      path: "/files/preview/:fileID",
      auth: "user",
      params: z.object({ fileID: intFromString() }),
      response: redirectResponse,
    });
    expectTypeOf<ResponseInputOf<typeof endpoint>>().toEqualTypeOf<{ location: string }>();
    expect(isResponseSchema(endpoint.response)).toBe(false);
  });

  it("refuses params that are not in the path", () => {
    expect(() =>
      defineEndpoint({
        method: "GET",
        path: "/files/:fileID",
        auth: "none",
        params: z.object({ fileID: z.string(), other: z.string() }),
        response: emptyResponse,
      }),
    ).toThrow(/unknown params: other/);
  });

  it("refuses a GET with a body and a relative path", () => {
    expect(() =>
      defineEndpoint({
        method: "GET",
        path: "/x",
        auth: "none",
        body: z.object({}),
        response: emptyResponse,
      }),
    ).toThrow(/cannot have a body/);
    expect(() =>
      defineEndpoint({ method: "GET", path: "x", auth: "none", response: emptyResponse }),
    ).toThrow(/must start with/);
  });

  it("demands params exactly when the path has some (compile-time)", () => {
    const checks = () => {
      // @ts-expect-error the path has :fileID but no params schema is given
      defineEndpoint({ method: "GET", path: "/f/:fileID", auth: "none", response: emptyResponse });
      defineEndpoint({
        method: "GET",
        path: "/f/:fileID",
        auth: "none",
        // @ts-expect-error the schema must name fileID
        params: z.object({ id: z.string() }),
        response: emptyResponse,
      });
      defineEndpoint({
        method: "GET",
        path: "/f/:fileID",
        auth: "none",
        // @ts-expect-error path params arrive as strings: the schema must accept a string
        params: z.object({ fileID: z.number() }),
        response: emptyResponse,
      });
    };
    expect(typeof checks).toBe("function");
  });
});

describe("registry", () => {
  const all = Object.values(endpoints);

  it("holds every endpoint of every area under a unique name", () => {
    const areaCount = Object.values(endpointAreas).reduce(
      (count, area) => count + Object.keys(area).length,
      0,
    );
    expect(Object.keys(endpoints)).toHaveLength(areaCount);
  });

  it("never declares the same method and path twice", () => {
    const routes = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("declares GET /ping without auth", () => {
    expect(endpoints.ping).toMatchObject({ method: "GET", path: "/ping", auth: "none" });
    expect(isResponseSchema(endpoints.ping.response)).toBe(true);
  });
});
