import type { z } from "zod";
import {
  NetworkError,
  RequestCanceledError,
  RequestTimeoutError,
  TokenMissingError,
  UnexpectedResponseError,
} from "../model/errors";
import {
  isResponseSchema,
  type AnyEndpoint,
  type BodyInputOf,
  type ClientQueryOf,
  type ResponseOf,
} from "./endpoint";
import { generalErrorFor, uploadErrorFor } from "./error-mapping";
import { headerNames, tokenQueryNames } from "./headers";
import { fillPath } from "./path";
import { serializeQuery, type QueryValues } from "./query";

/** The subset of `fetch` the client uses; inject the platform's or a fake. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** The credentials of a public link (wire-contract §9). */
export interface PublicLinkCredentials {
  accessToken: string;
  /** The JWT of a password-protected link, once the password was verified. */
  accessTokenJWT?: string | undefined;
  /** The device admission token of links with a device limit. */
  linkDeviceToken?: string | undefined;
}

type MaybePromise<T> = T | Promise<T>;

export interface ApiClientOptions {
  /** The API origin, e.g. `http://localhost:8080`; a function when it can change at run time. */
  apiOrigin: string | (() => string);
  /** Sent as `X-Client-Package` on every call (see `clientPackages`). */
  clientPackage: string;
  fetch: FetchFunction;
  /** The session token for `user` endpoints; undefined when logged out. */
  getAuthToken?: () => MaybePromise<string | undefined>;
  /** The ACCOUNTS-scoped JWT for `accountsToken` endpoints; undefined when none. */
  getAccountsToken?: () => MaybePromise<string | undefined>;
  /** The FAMILIES-scoped JWT for `familiesToken` endpoints; undefined when none. */
  getFamiliesToken?: () => MaybePromise<string | undefined>;
  /** The credentials for `publicLink` endpoints; undefined when none. */
  getPublicLinkCredentials?: () => MaybePromise<PublicLinkCredentials | undefined>;
  /** A paired cast device's token for `castToken` endpoints; undefined when unpaired. */
  getCastToken?: () => MaybePromise<string | undefined>;
  /** Per-call deadline; defaults to `defaultTimeoutMs`. */
  timeoutMs?: number;
}

/**
 * The default deadline of an API call. The server answers its calls in well
 * under a second; a minute only fires on a connection that is stuck, never on
 * one that is slow but working (bulk transfers do not go through API calls).
 */
export const defaultTimeoutMs = 60_000;

type RequiredKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? never : K;
}[keyof T];

type ParamsPart<E extends AnyEndpoint> = E["params"] extends z.ZodType
  ? { params: z.output<E["params"]> }
  : { params?: undefined };

type QueryPart<E extends AnyEndpoint> = E["query"] extends z.ZodType
  ? [RequiredKeys<ClientQueryOf<E>>] extends [never]
    ? { query?: ClientQueryOf<E> }
    : { query: ClientQueryOf<E> }
  : { query?: undefined };

type BodyPart<E extends AnyEndpoint> = E["body"] extends z.ZodType
  ? { body: BodyInputOf<E> }
  : { body?: undefined };

/** What one call takes: the endpoint's params, query and body, plus request controls. */
export type CallOptions<E extends AnyEndpoint> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & {
    /** Aborting it rejects the call with `RequestCanceledError`. */
    signal?: AbortSignal;
    /** Overrides the client's deadline for this call. */
    timeoutMs?: number;
    /** The browser's fetch priority (a hint that orders requests waiting for a connection). */
    priority?: RequestPriority;
  };

/** The options argument is optional exactly when the endpoint needs none of its parts. */
export type CallArgs<E extends AnyEndpoint> = [RequiredKeys<CallOptions<E>>] extends [never]
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

export interface ApiClient {
  /**
   * Call an endpoint. Resolves with the parsed answer (for redirect and bytes
   * endpoints, the `Response`, body unread); rejects with the
   * typed errors of `shared/model/errors`.
   */
  call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  /**
   * `call` for an endpoint that answers JSON, but a successful answer is
   * handed back unread: its UTF-8 bytes, for another thread to read with
   * `readJSONAnswer` (errors are still the typed errors of `call`).
   * See: [Note: A diff page is read where it is decrypted]
   */
  callForJSONBytes<E extends AnyEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<Uint8Array<ArrayBuffer>>;
}

const parseJSON = (text: string): { ok: true; value: unknown } | { ok: false; error: unknown } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
};

/** An answer read and checked against its endpoint's schema, or why it is unexpected. */
export type ReadAnswer<T> = { ok: true; value: T } | { ok: false; issues: string; cause: unknown };

/** Reads a successful answer's JSON text and checks it against the endpoint's schema. */
export const readJSONAnswer = <E extends AnyEndpoint>(
  endpoint: E,
  text: string,
): ReadAnswer<ResponseOf<E>> => {
  const parsed = parseJSON(text);
  if (!parsed.ok) return { ok: false, issues: "the answer is not JSON", cause: parsed.error };
  if (!isResponseSchema(endpoint.response)) {
    return { ok: false, issues: "the endpoint answers no JSON", cause: undefined };
  }
  const result = endpoint.response.safeParse(parsed.value);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues
        .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
        .join("; "),
      cause: result.error,
    };
  }
  return { ok: true, value: result.data as ResponseOf<E> };
};

interface LooseCallOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: QueryValues;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  priority?: RequestPriority;
}

/** The full URL of an endpoint for the given params and query. */
export const endpointURL = (
  apiOrigin: string,
  endpoint: AnyEndpoint,
  params: Readonly<Record<string, unknown>> | undefined,
  query: QueryValues | undefined,
): string =>
  `${apiOrigin.replace(/\/+$/, "")}${fillPath(endpoint.path, params ?? {})}${serializeQuery(query)}`;

export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const {
    clientPackage,
    fetch,
    getAuthToken,
    getAccountsToken,
    getFamiliesToken,
    getPublicLinkCredentials,
    getCastToken,
  } = options;
  // The token getter of each auth kind sent in `X-Auth-Token`.
  const tokenGetters = {
    user: getAuthToken,
    accountsToken: getAccountsToken,
    familiesToken: getFamiliesToken,
  };
  const origin = (): string =>
    typeof options.apiOrigin === "string" ? options.apiOrigin : options.apiOrigin();

  /** `call`; with `answerAs: "json-bytes"`, a successful answer's body is handed back unread as bytes. */
  const request = async (
    endpoint: AnyEndpoint,
    callOptions: LooseCallOptions,
    answerAs: "parsed" | "json-bytes",
  ) => {
    const { signal } = callOptions;
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs;
    if (signal?.aborted) throw new RequestCanceledError({ cause: signal.reason });

    const isRedirect =
      !isResponseSchema(endpoint.response) && endpoint.response.responseKind === "redirect";
    const headers: Record<string, string> = {};
    const query: Record<string, QueryValues[string]> = { ...callOptions.query };

    // [Note: Redirect calls carry credentials in the query]
    //
    // A redirect endpoint answers 307 to the blob store, and fetch would
    // replay our custom headers there, leaking the session token to the
    // store and forcing a CORS preflight that S3-compatible stores often
    // refuse. So redirect calls send no custom header: tokens go in the query
    // (`?token=`, `?accessToken=`, `?accessTokenJWT=`, which the server
    // accepts, wire-contract §0.1; a cast device's `?castToken=`) and
    // `X-Client-Package` is left out (the server then assumes `photos`, the
    // only app with downloads).
    if (!isRedirect) headers[headerNames.clientPackage] = clientPackage;

    if (
      endpoint.auth === "user" ||
      endpoint.auth === "accountsToken" ||
      endpoint.auth === "familiesToken"
    ) {
      const token = await tokenGetters[endpoint.auth]?.();
      if (token === undefined || token === "") throw new TokenMissingError();
      if (isRedirect) query[tokenQueryNames.authToken] = token;
      else headers[headerNames.authToken] = token;
    }
    if (endpoint.auth === "publicLink" || endpoint.withPublicLink) {
      const credentials = await getPublicLinkCredentials?.();
      if (credentials === undefined || credentials.accessToken === "") {
        throw new TokenMissingError();
      }
      const { accessToken, accessTokenJWT, linkDeviceToken } = credentials;
      if (isRedirect) {
        query[tokenQueryNames.accessToken] = accessToken;
        if (accessTokenJWT !== undefined) query[tokenQueryNames.accessTokenJWT] = accessTokenJWT;
      } else {
        headers[headerNames.accessToken] = accessToken;
        if (accessTokenJWT !== undefined) headers[headerNames.accessTokenJWT] = accessTokenJWT;
        if (linkDeviceToken !== undefined) headers[headerNames.linkDeviceToken] = linkDeviceToken;
      }
    }
    if (endpoint.auth === "castToken") {
      const castToken = await getCastToken?.();
      if (castToken === undefined || castToken === "") throw new TokenMissingError();
      if (isRedirect) query[tokenQueryNames.castAccessToken] = castToken;
      else headers[headerNames.castAccessToken] = castToken;
    }

    let body: string | undefined;
    if (endpoint.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(callOptions.body);
    }

    const url = endpointURL(origin(), endpoint, callOptions.params, query);

    // One controller for both the caller's signal and our deadline, so that we
    // can tell afterwards which of the two ended the request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new RequestTimeoutError(timeoutMs));
    }, timeoutMs);
    const onCallerAbort = () => {
      controller.abort(signal?.reason);
    };
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    let bodyHandedOver = false;
    const transportError = (cause: unknown): Error => {
      if (timedOut) return new RequestTimeoutError(timeoutMs, { cause });
      if (signal?.aborted) return new RequestCanceledError({ cause });
      return new NetworkError({ cause });
    };

    try {
      let response: Response;
      try {
        response = await fetch(url, {
          method: endpoint.method,
          headers,
          body,
          signal: controller.signal,
          ...(callOptions.priority === undefined ? {} : { priority: callOptions.priority }),
        });
      } catch (cause) {
        throw transportError(cause);
      }

      let text: string | undefined;
      const readText = async () => {
        try {
          return await response.text();
        } catch (cause) {
          throw transportError(cause);
        }
      };

      if (!response.ok) {
        text = await readText();
        const parsed = parseJSON(text);
        const failed = { status: response.status, body: parsed.ok ? parsed.value : undefined };
        throw endpoint.errorMapping === "upload" ? uploadErrorFor(failed) : generalErrorFor(failed);
      }

      if (!isResponseSchema(endpoint.response)) {
        if (endpoint.response.responseKind !== "empty") {
          // A redirect's target or bytes: the body belongs to the caller, and
          // only the deadline ends here. The caller's signal stays wired so
          // it can still cancel the body.
          bodyHandedOver = true;
          return response;
        }
        await readText();
        return undefined;
      }

      if (answerAs === "json-bytes") {
        try {
          return new Uint8Array(await response.arrayBuffer());
        } catch (cause) {
          throw transportError(cause);
        }
      }

      text = await readText();
      const answer = readJSONAnswer(endpoint, text);
      if (!answer.ok) {
        const { issues, cause } = answer;
        throw new UnexpectedResponseError({ status: response.status, issues, cause });
      }
      return answer.value;
    } finally {
      clearTimeout(timer);
      if (!bodyHandedOver) signal?.removeEventListener("abort", onCallerAbort);
    }
  };

  const call = (endpoint: AnyEndpoint, callOptions: LooseCallOptions = {}) =>
    request(endpoint, callOptions, "parsed");
  const callForJSONBytes = async (endpoint: AnyEndpoint, callOptions: LooseCallOptions = {}) => {
    if (!isResponseSchema(endpoint.response)) {
      throw new TypeError("Only an endpoint that answers JSON can hand its answer over as bytes");
    }
    return (await request(endpoint, callOptions, "json-bytes")) as Uint8Array<ArrayBuffer>;
  };

  return {
    call: call as ApiClient["call"],
    callForJSONBytes: callForJSONBytes as ApiClient["callForJSONBytes"],
  };
};
