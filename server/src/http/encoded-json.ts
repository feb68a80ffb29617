import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from "node:zlib";
import { compressionThresholdBytes, type ContentCoding } from "./content-coding";

// [Note: Some answers arrive encoded]
//
// Most handlers answer a value, which `register-endpoints.ts` serialises and
// @fastify/compress compresses per request. A handler whose answers are
// worth keeping once encoded (the diff pages; see
// [Note: Encoded diff pages are cached by collection version]) answers an
// `EncodedJSON` instead: the JSON's bytes, already in the coding the client
// negotiated. Such a route is registered without @fastify/compress (see
// `answersEncodedJSON`), so the bytes go out as they are, with their
// `Content-Encoding` and `Vary: Accept-Encoding`.

/**
 * gzip level of encoded answers. Measured on a full diff page (2,500
 * entries, 2.4 MB of JSON, mostly base64 ciphertext): level 3 encodes in
 * 30 ms against 40 ms at zlib's default 6, for 1.8 % more bytes (44.1 %
 * against 43.4 % of the JSON); levels 1 and 2 are no faster and larger,
 * and decode no faster.
 */
export const encodedGzipLevel = 3;

/**
 * Brotli quality of encoded answers. On the same page quality 1 encodes in
 * 10 ms to 43.3 % of the JSON, as small as gzip at level 6 in a quarter of
 * its time, and decodes as fast as gzip; quality 0 saves 3 ms for 6 % more
 * bytes, qualities 2 and 3 cost 50 % and 90 % more for nothing.
 */
export const encodedBrotliQuality = 1;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** An answer's JSON, already encoded in `coding`. See: [Note: Some answers arrive encoded] */
export class EncodedJSON {
  constructor(
    readonly bytes: Buffer,
    readonly coding: ContentCoding,
  ) {}

  /** The JSON value, decoded again (to check the answer against its schema in tests). */
  decode(): unknown {
    return JSON.parse(decodeBody(this.bytes, this.coding).toString("utf8"));
  }
}

/**
 * `json` encoded in `coding`, compressed off the main thread (zlib's thread
 * pool); a body under the compression threshold stays as it is.
 */
export const encodeJSON = async (json: string, coding: ContentCoding): Promise<EncodedJSON> => {
  const bytes = Buffer.from(json, "utf8");
  if (bytes.length < compressionThresholdBytes) return new EncodedJSON(bytes, "identity");
  switch (coding) {
    case "identity":
      return new EncodedJSON(bytes, coding);
    case "gzip":
      return new EncodedJSON(await gzipAsync(bytes, { level: encodedGzipLevel }), coding);
    case "br":
      return new EncodedJSON(
        await brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: encodedBrotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        coding,
      );
  }
};

/** The bytes of a body encoded in `coding`, decoded. */
export const decodeBody = (bytes: Buffer, coding: ContentCoding): Buffer => {
  switch (coding) {
    case "identity":
      return bytes;
    case "gzip":
      return gunzipSync(bytes);
    case "br":
      return brotliDecompressSync(bytes);
  }
};

const encodedAnswers = Symbol("answers EncodedJSON");

/**
 * Mark a handler whose every answer is an `EncodedJSON`: its route is
 * registered without @fastify/compress. See: [Note: Some answers arrive encoded]
 */
export const answersEncodedJSON = <H extends object>(handler: H): H =>
  Object.assign(handler, { [encodedAnswers]: true });

/** Whether `answersEncodedJSON` marked the handler. */
export const isEncodedJSONHandler = (handler: object): boolean =>
  (handler as Record<symbol, unknown>)[encodedAnswers] === true;
