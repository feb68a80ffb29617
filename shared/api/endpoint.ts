import { z } from "zod";
import { pathParamNames, type PathParamNames } from "./path";
import type { WireScalar } from "./wire-values";

// [Note: One declaration per endpoint]
//
// Every endpoint of the wire contract is declared once with `defineEndpoint`:
// method, path, auth kind and zod schemas. The server registers its route from
// the declaration and validates requests with the same schemas; the client's
// `call` takes its argument and result types from it. Types flow as follows:
//
//   path params, query: the client passes z.output (see
//     [Note: Path and query values travel as strings]); the server receives
//     z.output after parsing the strings.
//   body: the client sends z.input (the JSON on the wire); the server receives
//     z.output.
//   response: the server returns z.input (the JSON it writes); the client
//     receives z.output after parsing.
//
// So renaming a field in a schema breaks the compile on whichever side still
// uses the old name.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an endpoint: a logged-in user (session token in
 * `X-Auth-Token`), a public link (access token headers), the holder of an
 * ACCOUNTS-scoped JWT (wire-contract §1.2, also in `X-Auth-Token`: the
 * passkey management of the accounts app), the holder of a FAMILIES-scoped
 * JWT (wire-contract §1.2, §11, also in `X-Auth-Token`: the family page's
 * admin calls), a paired cast device (its cast token in
 * `X-Cast-Access-Token`, wire-contract §0.1), or anybody.
 */
export type AuthKind =
  "user" | "publicLink" | "accountsToken" | "familiesToken" | "castToken" | "none";

/**
 * How the client turns a failed answer into a typed error (spec §8): the
 * general mapping, or the upload mapping for the calls of the upload flow.
 */
export type ErrorMapping = "general" | "upload";

/** The endpoint answers with an empty body (the reference answers 200 and nothing). */
export interface EmptyResponse {
  readonly responseKind: "empty";
}

/**
 * The endpoint answers with a redirect (307 + `Location`) to the bytes, such
 * as the download endpoints of wire-contract §5.4.
 */
export interface RedirectResponse {
  readonly responseKind: "redirect";
}

/**
 * The endpoint answers 200 with bytes (`application/octet-stream`) in a
 * format of its own, such as the thumbnails of `POST /files/previews`.
 */
export interface BytesResponse {
  readonly responseKind: "bytes";
}

export const emptyResponse: EmptyResponse = Object.freeze({ responseKind: "empty" });
export const redirectResponse: RedirectResponse = Object.freeze({ responseKind: "redirect" });
export const bytesResponse: BytesResponse = Object.freeze({ responseKind: "bytes" });

export type ResponseSpec = z.ZodType | EmptyResponse | RedirectResponse | BytesResponse;

export const isResponseSchema = (response: ResponseSpec): response is z.ZodType =>
  !("responseKind" in response);

/** A schema of path parameters: exactly the names of the path, parsed from strings. */
export type ParamsSchema<P extends string> = z.ZodType<
  { [K in PathParamNames<P>]: WireScalar },
  { [K in PathParamNames<P>]: string }
>;

/** A schema of query values, parsed from strings (repeated keys give arrays). */
export type QuerySchema = z.ZodType<
  Record<string, WireScalar | readonly WireScalar[] | undefined>,
  Record<string, string | readonly string[] | undefined>
>;

type ParamsFor<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : ParamsSchema<P>;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  A extends AuthKind = AuthKind,
  PS extends z.ZodType | undefined = z.ZodType | undefined,
  QS extends QuerySchema | undefined = QuerySchema | undefined,
  BS extends z.ZodType | undefined = z.ZodType | undefined,
  RS extends ResponseSpec = ResponseSpec,
> {
  readonly method: M;
  readonly path: P;
  readonly auth: A;
  readonly params: PS;
  readonly query: QS;
  readonly body: BS;
  readonly response: RS;
  readonly errorMapping: ErrorMapping;
  /**
   * A `user` endpoint that also carries a public link's tokens (the link's
   * headers beside the session's): joining an album through its link,
   * wire-contract §3.2.
   */
  readonly withPublicLink: boolean;
}

/** Any endpoint; what registries, the router and the client accept. */
export type AnyEndpoint = Endpoint;

type EndpointDefinition<
  M extends HttpMethod,
  P extends string,
  A extends AuthKind,
  PS extends ParamsFor<P>,
  QS extends QuerySchema | undefined,
  BS extends z.ZodType | undefined,
  RS extends ResponseSpec,
> = {
  method: M;
  /** The path with `:name` parameters, e.g. `/files/download/:fileID`. */
  path: P;
  auth: A;
  /** Required exactly when the path has parameters. */
  params?: PS;
  query?: QS;
  body?: BS;
  response: RS;
  /** Defaults to the general mapping. */
  errorMapping?: ErrorMapping;
  /** See `Endpoint.withPublicLink`; defaults to false. */
  withPublicLink?: boolean;
} & ([PathParamNames<P>] extends [never] ? unknown : { params: PS });

/** Declare an endpoint. See: [Note: One declaration per endpoint] */
export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  const A extends AuthKind,
  RS extends ResponseSpec,
  PS extends ParamsFor<P> = ParamsFor<P>,
  QS extends QuerySchema | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(definition: EndpointDefinition<M, P, A, PS, QS, BS, RS>): Endpoint<M, P, A, PS, QS, BS, RS> {
  const { method, path, auth, params, query, body, response, errorMapping, withPublicLink } =
    definition;
  if (!path.startsWith("/")) throw new TypeError(`Endpoint path must start with "/": ${path}`);
  const names = pathParamNames(path);
  if (params instanceof z.ZodObject) {
    // The types already demand every name of the path; refuse extra ones,
    // which could never be filled in.
    const extra = Object.keys(params.shape).filter((key) => !names.includes(key));
    if (extra.length > 0) {
      throw new TypeError(`Endpoint ${method} ${path} declares unknown params: ${extra.join()}`);
    }
  }
  if (body !== undefined && method === "GET") {
    throw new TypeError(`Endpoint GET ${path} cannot have a body`);
  }
  return Object.freeze({
    method,
    path,
    auth,
    params: params as PS,
    query: query as QS,
    body: body as BS,
    response,
    errorMapping: errorMapping ?? "general",
    withPublicLink: withPublicLink ?? false,
  });
}

// ---------------------------------------------------------------------------
// Types derived from a declaration, for both sides.

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** Path parameters as handlers receive them and callers pass them. */
export type ParamsOf<E extends AnyEndpoint> = OutputOf<E["params"]>;

/** Query values as handlers receive them. */
export type QueryOf<E extends AnyEndpoint> = OutputOf<E["query"]>;

/**
 * Query values as callers pass them: parsed values (numbers, booleans), and
 * a key is optional whenever the wire may omit it.
 */
export type ClientQueryOf<E extends AnyEndpoint> = E["query"] extends z.ZodType
  ? {
      [K in keyof z.input<E["query"]>]: K extends keyof z.output<E["query"]>
        ? z.output<E["query"]>[K]
        : never;
    }
  : undefined;

/** The JSON body as callers send it. */
export type BodyInputOf<E extends AnyEndpoint> = InputOf<E["body"]>;

/** The body as handlers receive it, after validation. */
export type BodyOf<E extends AnyEndpoint> = OutputOf<E["body"]>;

/** What the server writes: JSON, nothing, where to redirect, or bytes. */
export type ResponseInputOf<E extends AnyEndpoint> = E["response"] extends z.ZodType
  ? z.input<E["response"]>
  : E["response"] extends RedirectResponse
    ? { location: string }
    : E["response"] extends BytesResponse
      ? Uint8Array
      : undefined;

/**
 * What a caller gets back: parsed JSON, nothing, or the `Response` of the
 * redirect's target or of the bytes, body unread.
 */
export type ResponseOf<E extends AnyEndpoint> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : E["response"] extends RedirectResponse | BytesResponse
    ? Response
    : undefined;
