// Choosing a response's content coding from the request's `Accept-Encoding`
// (RFC 9110 §12.5.3), for answers the server encodes itself instead of
// leaving them to @fastify/compress (see encoded-json.ts).

/**
 * Responses smaller than this are sent as they are: gzip's header and the
 * CPU time cost more than the bytes they would save.
 */
export const compressionThresholdBytes = 1024;

/** The codings the server can encode an answer in; identity is the bytes as they are. */
export type ContentCoding = "br" | "gzip" | "identity";

interface AcceptedCoding {
  coding: string;
  quality: number;
}

const parseQuality = (parameters: readonly string[]): number => {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=").map((part) => part.trim());
    if (name?.toLowerCase() === "q" && value !== undefined) {
      const quality = Number(value);
      return Number.isFinite(quality) ? Math.min(1, Math.max(0, quality)) : 1;
    }
  }
  return 1;
};

/** The codings an `Accept-Encoding` value names, each with its quality (1 when absent). */
const parseAcceptEncoding = (header: string): AcceptedCoding[] =>
  header
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
    .map((item) => {
      const [token = "", ...parameters] = item.split(";");
      const coding = token.trim().toLowerCase();
      // `x-gzip` is gzip's old name (RFC 9110 §8.4.1.3).
      return { coding: coding === "x-gzip" ? "gzip" : coding, quality: parseQuality(parameters) };
    });

/**
 * The coding to answer in: of `offered` (in the server's order of
 * preference) and identity (always offered, last), the one the client
 * accepts with the highest quality. Without the header the answer is
 * identity, which every client reads; it is also the answer when the client
 * accepts nothing offered, as RFC 9110 lets a server send it rather than fail.
 */
export const negotiateContentCoding = (
  acceptEncoding: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding => {
  if (acceptEncoding === undefined) return "identity";
  const accepted = parseAcceptEncoding(acceptEncoding);
  const qualityOf = (coding: ContentCoding): number => {
    const named = accepted.find((item) => item.coding === coding);
    if (named !== undefined) return named.quality;
    const wildcard = accepted.find((item) => item.coding === "*");
    if (wildcard !== undefined) return wildcard.quality;
    // Identity is acceptable unless excluded (RFC 9110 §12.5.3), but a
    // client that names only codings prefers any of them to it.
    return coding === "identity" ? Number.MIN_VALUE : 0;
  };
  let best: ContentCoding = "identity";
  let bestQuality = 0;
  for (const coding of [...offered.filter((c) => c !== "identity"), "identity" as const]) {
    const quality = qualityOf(coding);
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
};
