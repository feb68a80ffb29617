import { XMLParser } from "fast-xml-parser";
import { z } from "zod";

// The little S3 XML the local blob store speaks: the completion request
// clients POST (wire-contract §5.1), its answer, and S3-style error bodies, so
// that clients see the same shapes from the local store as from S3.

export interface CompletedPart {
  partNumber: number;
  /** The part's ETag without quotes: the hex MD5 of the part. */
  etag: string;
}

const completionSchema = z.object({
  CompleteMultipartUpload: z.object({
    Part: z
      .array(
        z.object({
          PartNumber: z
            .string()
            .regex(/^\d{1,5}$/)
            .transform(Number),
          ETag: z.string().transform((etag) => etag.trim().replace(/^"|"$/g, "").toLowerCase()),
        }),
      )
      .min(1),
  }),
});

const parser = new XMLParser({
  // Values stay strings (no number guessing on ETags such as "1e10").
  parseTagValue: false,
  ignoreAttributes: true,
  isArray: (name) => name === "Part",
});

/**
 * The parts listed in a `<CompleteMultipartUpload>` document, in document
 * order, or undefined when the document is not one.
 */
export const parseCompletionXML = (xml: string): CompletedPart[] | undefined => {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    return undefined;
  }
  const parsed = completionSchema.safeParse(document);
  if (!parsed.success) return undefined;
  return parsed.data.CompleteMultipartUpload.Part.map(({ PartNumber, ETag }) => ({
    partNumber: PartNumber,
    etag: ETag,
  }));
};

const escapeXML = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The S3 error codes the local store answers with, and their statuses. */
export const s3ErrorStatus = {
  AccessDenied: 403,
  SignatureDoesNotMatch: 403,
  InvalidArgument: 400,
  InvalidRequest: 400,
  MalformedXML: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  BadDigest: 400,
  IncompleteBody: 400,
  EntityTooLarge: 400,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  InvalidRange: 416,
  InternalError: 500,
} as const;

export type S3ErrorCode = keyof typeof s3ErrorStatus;

export const s3ErrorXML = (code: S3ErrorCode, message: string, requestID: string): string =>
  `${xmlDeclaration}<Error><Code>${code}</Code><Message>${escapeXML(message)}</Message>` +
  `<RequestId>${escapeXML(requestID)}</RequestId></Error>`;

export const completionResultXML = ({
  location,
  key,
  etag,
}: {
  location: string;
  key: string;
  etag: string;
}): string =>
  `${xmlDeclaration}<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
  `<Location>${escapeXML(location)}</Location><Bucket>cairn</Bucket><Key>${escapeXML(key)}</Key>` +
  `<ETag>"${escapeXML(etag)}"</ETag></CompleteMultipartUploadResult>`;
