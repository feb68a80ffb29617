import { isIP } from "node:net";
import type { BlobStoreConfig } from "../config/config";

// [Note: Where blob URLs point]
//
// Browsers fetch files and thumbnails from the API, which answers with a
// redirect to a presigned URL, and upload straight to presigned URLs; the web
// apps' Content-Security-Policy must name every origin those URLs can have
// (`connect-src` applies to each hop of a redirect).
// - Local store: `<api>/blobs/…`, the API's own origin.
// - S3: the AWS SDK builds the URL from the endpoint and the bucket. It puts
//   the bucket in the host name (`https://<bucket>.<endpoint host>`, the
//   "virtual-hosted" style) unless path style is forced, the endpoint is an IP
//   address or the bucket name is not a DNS name it can use (dots over https,
//   capitals, underscores), when the bucket goes in the path of the endpoint's
//   own origin. Rather than copy the SDK's rules exactly, both origins are
//   listed whenever the virtual-hosted one is possible: naming an origin of the
//   operator's own bucket that is never used costs nothing. Without an
//   endpoint the SDK talks to AWS: `s3.<region>.amazonaws.com` (`.com.cn` in
//   the China regions). blob-origins.test.ts checks these against the URLs the
//   SDK actually mints.

/** A bucket name that can be the first label of a host name (S3's naming rules, lower case only). */
const dnsBucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const amazonS3Host = (region: string): string =>
  `s3.${region}.${region.startsWith("cn-") ? "amazonaws.com.cn" : "amazonaws.com"}`;

/**
 * The origins of the URLs the blob store mints, given the API's public URL.
 * See: [Note: Where blob URLs point]
 */
export const blobOriginsFor = (blobs: BlobStoreConfig, apiURL: string): string[] => {
  if (blobs.kind === "local") return [new URL(apiURL).origin];
  const endpoint = new URL(blobs.endpoint ?? `https://${amazonS3Host(blobs.region)}`);
  const pathStyle = endpoint.origin;
  const virtualHostPossible =
    !blobs.forcePathStyle &&
    isIP(endpoint.hostname.replace(/^\[|\]$/g, "")) === 0 &&
    dnsBucketName.test(blobs.bucket);
  if (!virtualHostPossible) return [pathStyle];
  const virtualHosted = new URL(endpoint.origin);
  virtualHosted.hostname = `${blobs.bucket}.${endpoint.hostname}`;
  return [virtualHosted.origin, pathStyle];
};
