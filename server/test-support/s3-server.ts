import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// An S3 for tests: s3rver (in-process, on a free port) behind a small proxy
// that adds two checks real S3 makes and s3rver does not: the SigV4 signature
// of presigned URLs (s3rver accepts any), and the part ETags listed in a
// multipart completion (s3rver ignores them). So a test that tampers with a
// presigned URL or completes with a wrong ETag gets the error real S3 would
// give, and our presigned URLs are proven correctly signed. It also plays
// `UploadPartCopy`, which s3rver lacks, as S3 answers it: the range read from
// the source and uploaded as the part.

export const fakeS3Credentials = { accessKeyID: "S3RVER", secretAccessKey: "S3RVER" };

/** The server's `S3_*` variables for a fake S3 (a server started as a process). */
export const fakeS3Environment = (
  s3: Pick<FakeS3, "endpoint" | "bucket">,
): Record<string, string> => ({
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: fakeS3Credentials.accessKeyID,
  S3_SECRET_ACCESS_KEY: fakeS3Credentials.secretAccessKey,
  S3_FORCE_PATH_STYLE: "true",
});

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const hmac = (key: Buffer | string, text: string) =>
  createHmac("sha256", key).update(text).digest();

/** Whether a presigned request carries a valid SigV4 query signature. */
const hasValidPresignature = (request: http.IncomingMessage, secretAccessKey: string): boolean => {
  const url = new URL(request.url ?? "/", "http://placeholder");
  const query = url.searchParams;
  const signature = query.get("X-Amz-Signature");
  const credential = query.get("X-Amz-Credential");
  const amzDate = query.get("X-Amz-Date");
  const signedHeaders = query.get("X-Amz-SignedHeaders");
  if (signature === null || credential === null || amzDate === null || signedHeaders === null) {
    return false;
  }
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .split(";")
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    request.method ?? "GET",
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = credential.split("/").slice(1).join("/");
  const [date = "", region = "", service = ""] = credential.split("/").slice(1);
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service),
    "aws4_request",
  );
  return hmac(signingKey, stringToSign).toString("hex") === signature;
};

/**
 * A failure the proxy plays instead of forwarding a request: S3's 503
 * `SlowDown`, a connection reset before any answer, or a stall (the request
 * is read and never answered).
 */
export type S3Fault = "slow down" | "reset" | "stall";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The next requests, one each, meet these faults instead of the store. */
  injectFaults(faults: readonly S3Fault[]): void;
  /** Requests that reached the proxy so far, faulted or not. */
  requestCount(): number;
  close(): Promise<void>;
}

export const startFakeS3 = async (): Promise<FakeS3> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), "cairn-s3rver-"));
  const bucket = "cairn-test";
  const s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const upstream = await s3rver.run();

  // uploadId → part number → ETag, as s3rver answered the part uploads.
  const partETags = new Map<string, Map<number, string>>();

  const refuse = (response: http.ServerResponse, status: number, code: string, message: string) => {
    response.writeHead(status, { "Content-Type": "application/xml" });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer | undefined,
    onAnswer?: (answer: http.IncomingMessage) => void,
  ) => {
    const forwarded = http.request(
      {
        host: upstream.address,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        onAnswer?.(answer);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      response.destroy();
    });
    if (body === undefined) request.pipe(forwarded);
    else forwarded.end(body);
  };

  /** A plain request to s3rver (unsigned: s3rver lets anonymous requests through). */
  const upstreamRequest = (
    method: string,
    requestPath: string,
    headers: http.OutgoingHttpHeaders,
    body?: Buffer,
  ) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const sent = http.request(
          { host: upstream.address, port: upstream.port, method, path: requestPath, headers },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("end", () => {
              resolve({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              });
            });
          },
        );
        sent.on("error", reject);
        sent.end(body);
      },
    );

  /** `UploadPartCopy`: the source's range, read from s3rver and uploaded as the part. */
  const copyPart = async (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    uploadID: string,
    partNumber: number,
  ) => {
    request.resume();
    const source = decodeURIComponent(String(request.headers["x-amz-copy-source"]));
    const range = request.headers["x-amz-copy-source-range"];
    const read = await upstreamRequest(
      "GET",
      `/${source.replace(/^\//, "")}`,
      typeof range === "string" ? { Range: range } : {},
    );
    if (read.status !== 200 && read.status !== 206) {
      response.writeHead(read.status, { "Content-Type": "application/xml" });
      response.end(read.body);
      return;
    }
    const written = await upstreamRequest(
      "PUT",
      request.url ?? "/",
      { "Content-Length": read.body.length },
      read.body,
    );
    const etag = written.headers.etag;
    if (written.status !== 200 || etag === undefined) {
      response.writeHead(written.status, { "Content-Type": "application/xml" });
      response.end(written.body);
      return;
    }
    const parts = partETags.get(uploadID) ?? new Map<number, string>();
    parts.set(partNumber, etag.replace(/"/g, ""));
    partETags.set(uploadID, parts);
    response.writeHead(200, { "Content-Type": "application/xml" });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<CopyPartResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${etag}</ETag></CopyPartResult>`,
    );
  };

  const faults: S3Fault[] = [];
  let requests = 0;
  const playFault = (
    fault: S3Fault,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) => {
    request.resume();
    if (fault === "slow down")
      refuse(response, 503, "SlowDown", "Please reduce your request rate.");
    else if (fault === "reset") request.socket.destroy();
    // A stall answers nothing; the client's timeout ends it.
  };

  const proxy = http.createServer((request, response) => {
    requests += 1;
    const fault = faults.shift();
    if (fault !== undefined) {
      playFault(fault, request, response);
      return;
    }
    const url = new URL(request.url ?? "/", "http://placeholder");
    if (
      url.searchParams.has("X-Amz-Signature") &&
      !hasValidPresignature(request, fakeS3Credentials.secretAccessKey)
    ) {
      request.resume();
      refuse(
        response,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided.",
      );
      return;
    }
    const uploadID = url.searchParams.get("uploadId");
    const partNumber = Number(url.searchParams.get("partNumber"));
    if (
      uploadID !== null &&
      request.method === "PUT" &&
      request.headers["x-amz-copy-source"] !== undefined
    ) {
      copyPart(request, response, uploadID, partNumber).catch(() => response.destroy());
      return;
    }
    if (uploadID !== null && request.method === "PUT") {
      forward(request, response, undefined, (answer) => {
        const etag = answer.headers.etag;
        if (answer.statusCode === 200 && etag !== undefined) {
          const parts = partETags.get(uploadID) ?? new Map<number, string>();
          parts.set(partNumber, etag.replace(/"/g, ""));
          partETags.set(uploadID, parts);
        }
      });
      return;
    }
    if (uploadID !== null && request.method === "POST") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        const listed = [
          ...body
            .toString("utf8")
            .matchAll(/<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>/g),
        ];
        const uploaded = partETags.get(uploadID);
        const mismatch = listed.some(
          ([, number, etag]) =>
            uploaded?.get(Number(number)) !== (etag ?? "").replace(/"|&quot;/g, ""),
        );
        if (mismatch) {
          refuse(
            response,
            400,
            "InvalidPart",
            "One or more of the specified parts could not be found.",
          );
          return;
        }
        forward(request, response, body);
      });
      return;
    }
    forward(request, response, undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    injectFaults: (injected) => faults.push(...injected),
    requestCount: () => requests,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => {
        proxy.close(() => {
          resolve();
        });
      });
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
