import { createReadStream } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { InvalidObjectKeyError } from "../blob-store";
import {
  completionResultXML,
  parseCompletionXML,
  s3ErrorStatus,
  s3ErrorXML,
  type S3ErrorCode,
} from "../s3-xml";
import { parseRange } from "../../http/byte-range";
import "../../http/route-config";
import { BlobRequestError } from "./blob-request-error";
import { blobParams, type LocalBlobStore } from "./local-blob-store";
import type { SignedMethod } from "./url-signing";

// The HTTP side of the local blob store: the signed URLs it mints point here
// (`<api>/blobs/<key>?…`). Requests and answers mimic S3 presigned URLs:
// PUT an object or a part (answer carries the `ETag`), POST the completion
// XML, GET or HEAD the bytes (with ranges), S3-style XML errors.
// See: [Note: Local blob URLs are signed like S3 presigned URLs]

export const blobRoutePrefix = "/blobs";

/** A completion lists at most 10,000 parts of ~100 bytes of XML each. */
const maxCompletionBodyBytes = 2 * 1024 * 1024;

const searchParams = (request: FastifyRequest): URLSearchParams => {
  const at = request.url.indexOf("?");
  return new URLSearchParams(at === -1 ? "" : request.url.slice(at + 1));
};

const objectKey = (request: FastifyRequest): string =>
  (request.params as Record<string, string | undefined>)["*"] ?? "";

const sendError = (reply: FastifyReply, code: S3ErrorCode, message: string): FastifyReply =>
  reply
    .code(s3ErrorStatus[code])
    .type("application/xml")
    .send(s3ErrorXML(code, message, reply.request.id));

const headerText = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Refuse requests whose signature or expiry is wrong; true when the request may go on. */
const authorise = (
  store: LocalBlobStore,
  method: SignedMethod,
  request: FastifyRequest,
  reply: FastifyReply,
  params: URLSearchParams,
): boolean => {
  const check = store.checkSignature(method, objectKey(request), params);
  if (check === "valid") return true;
  if (check === "expired") sendError(reply, "AccessDenied", "Request has expired");
  else {
    sendError(
      reply,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
  }
  return false;
};

const readText = async (request: FastifyRequest, maxBytes: number): Promise<string | undefined> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
};

export const registerLocalBlobRoutes = async (
  app: FastifyInstance,
  store: LocalBlobStore,
): Promise<void> => {
  await app.register(
    (scope, _options, done) => {
      // Blob bodies are raw bytes of any type: stream them ourselves.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, parsed) => {
        parsed(null);
      });

      const handle =
        (work: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          try {
            return await work(request, reply);
          } catch (error) {
            if (error instanceof BlobRequestError)
              return sendError(reply, error.code, error.message);
            if (error instanceof InvalidObjectKeyError) {
              return sendError(reply, "InvalidArgument", error.message);
            }
            request.log.error({ err: error }, "blob request failed");
            return sendError(reply, "InternalError", "We encountered an internal error.");
          }
        };

      const cairn = { blob: true };

      scope.route({
        method: "PUT",
        url: "/*",
        compress: false,
        config: { cairn },
        handler: handle(async (request, reply) => {
          const params = searchParams(request);
          if (!authorise(store, "PUT", request, reply, params)) return reply;
          const key = objectKey(request);

          const signedLength = params.get(blobParams.contentLength);
          const sentLength = headerText(request, "content-length");
          if (signedLength !== null && sentLength !== undefined && signedLength !== sentLength) {
            return sendError(
              reply,
              "SignatureDoesNotMatch",
              "Content-Length does not match the signed length.",
            );
          }
          const signedMD5 = params.get(blobParams.contentMD5);
          const sentMD5 = headerText(request, "content-md5");
          if (signedMD5 !== null && sentMD5 !== signedMD5) {
            return sendError(
              reply,
              "SignatureDoesNotMatch",
              "Content-MD5 does not match the signed MD5.",
            );
          }
          const lengthText = signedLength ?? sentLength;
          const expected = {
            lengthBytes: lengthText === undefined ? undefined : Number(lengthText),
            md5sB64: sentMD5 === undefined ? [] : [sentMD5],
          };

          const uploadID = params.get(blobParams.uploadID);
          const { etag } =
            uploadID === null
              ? await store.writeObject(key, request.raw, expected)
              : await store.writePart(
                  key,
                  uploadID,
                  Number(params.get(blobParams.partNumber)),
                  request.raw,
                  expected,
                );
          return reply.code(200).header("ETag", `"${etag}"`).send();
        }),
      });

      scope.route({
        method: "POST",
        url: "/*",
        compress: false,
        config: { cairn },
        handler: handle(async (request, reply) => {
          const params = searchParams(request);
          if (!authorise(store, "POST", request, reply, params)) return reply;
          const uploadID = params.get(blobParams.uploadID);
          if (uploadID === null) {
            return sendError(reply, "InvalidRequest", "POST needs an uploadId.");
          }
          const xml = await readText(request, maxCompletionBodyBytes);
          const parts = xml === undefined ? undefined : parseCompletionXML(xml);
          if (parts === undefined) {
            return sendError(
              reply,
              "MalformedXML",
              "The XML you provided was not well-formed or did not validate against our published schema.",
            );
          }
          const key = objectKey(request);
          const { etag } = await store.completeUpload(key, uploadID, parts);
          return reply
            .code(200)
            .type("application/xml")
            .send(completionResultXML({ location: request.url.split("?")[0] ?? "", key, etag }));
        }),
      });

      scope.route({
        method: ["GET", "HEAD"],
        url: "/*",
        exposeHeadRoute: false,
        compress: false,
        config: { cairn },
        handler: handle(async (request, reply) => {
          const params = searchParams(request);
          if (!authorise(store, "GET", request, reply, params)) return reply;
          const stored = await store.openObject(objectKey(request));
          if (stored === undefined) {
            return sendError(reply, "NoSuchKey", "The specified key does not exist.");
          }
          const disposition = params.get(blobParams.responseContentDisposition);
          reply
            .header(
              "Content-Type",
              params.get(blobParams.responseContentType) ?? "application/octet-stream",
            )
            .header("Last-Modified", new Date(stored.modifiedMs).toUTCString())
            .header("Accept-Ranges", "bytes");
          if (disposition !== null) reply.header("Content-Disposition", disposition);

          const range = parseRange(headerText(request, "range"), stored.sizeBytes);
          if (range === "unsatisfiable") {
            reply.header("Content-Range", `bytes */${stored.sizeBytes}`);
            return sendError(reply, "InvalidRange", "The requested range is not satisfiable.");
          }
          const start = range?.start ?? 0;
          const end = range?.end ?? stored.sizeBytes - 1;
          if (range !== undefined) {
            reply.code(206).header("Content-Range", `bytes ${start}-${end}/${stored.sizeBytes}`);
          }
          reply.header("Content-Length", String(Math.max(0, end - start + 1)));
          if (request.method === "HEAD" || stored.sizeBytes === 0) return reply.send();
          return reply.send(createReadStream(stored.file, { start, end }));
        }),
      });

      done();
    },
    { prefix: blobRoutePrefix },
  );
};
