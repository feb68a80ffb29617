import { z } from "zod";

// [Note: Path and query values travel as strings]
//
// Path parameters and query values are strings on the wire. Their schemas
// parse those strings into the values handlers work with (a file ID becomes a
// number), so every path and query schema takes a string as input. Callers
// pass the parsed values (numbers, booleans) and the client writes them back
// with `String(value)`, which is exactly what these schemas accept again.

const integerPattern = /^-?\d{1,16}$/;

/** An integer written in decimal, e.g. an ID or a µs time: "1580559962386438". */
export const intFromString = () =>
  z
    .string()
    .regex(integerPattern, "must be an integer")
    .transform(Number)
    .refine(Number.isSafeInteger, "must be a safe integer");

// Go's strconv.ParseBool, which the reference server uses for query flags.
const trueWords = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const falseWords = new Set(["0", "f", "F", "FALSE", "false", "False"]);

/** A boolean flag: "true"/"false" (and the other spellings Go accepts). */
export const boolFromString = () =>
  z
    .string()
    .refine((word) => trueWords.has(word) || falseWords.has(word), "must be true or false")
    .transform((word) => trueWords.has(word));

/** The values a path parameter or query value may parse to. */
export type WireScalar = string | number | boolean;

/**
 * [Note: A request's null is its absence]
 *
 * Ente's server decodes a request into Go structs, where an optional object
 * is a pointer: a client may send it as `null` or leave it out, and both
 * mean "none" (the column stays NULL, the answer omits the key). Real
 * clients do send `null`: the Ente web app creates an album with
 * `"pubMagicMetadata": null`. So an optional field of a request that Ente's
 * server takes as a pointer is `nullish()` here, and the server treats
 * `null` exactly as absent.
 */

/**
 * An optional request field that Ente's server takes as a pointer: a client
 * may send it, leave it out or send `null`, and handlers see `null` as absent.
 * See: [Note: A request's null is its absence]
 */
export const absentOrNull = <Schema extends z.ZodType>(schema: Schema) =>
  schema.nullish().transform((value) => value ?? undefined);
