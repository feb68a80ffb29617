import { describe, expect, it } from "vitest";
import type { BlobStoreConfig } from "../config/config";
import { blobOriginsFor } from "./blob-origins";
import { createS3BlobStore } from "./s3-blob-store";

type S3Config = Extract<BlobStoreConfig, { kind: "s3" }>;

const s3 = (settings: Partial<S3Config>): S3Config => ({
  kind: "s3",
  endpoint: undefined,
  region: "us-east-1",
  bucket: "photos",
  // Presigning is local work: it needs credentials, never the network.
  accessKeyID: "test-key",
  secretAccessKey: "test-secret",
  forcePathStyle: false,
  ...settings,
});

const apiURL = "https://api.example.org";

describe("blobOriginsFor", () => {
  it("is the API's origin for the local store", () => {
    expect(blobOriginsFor({ kind: "local", dir: "/data/objects" }, apiURL)).toEqual([
      "https://api.example.org",
    ]);
    expect(
      blobOriginsFor({ kind: "local", dir: "/data/objects" }, "http://localhost:8080/cairn"),
    ).toEqual(["http://localhost:8080"]);
  });

  it.each<[string, Partial<S3Config>, string[]]>([
    [
      "AWS, virtual-hosted",
      { region: "eu-west-3" },
      ["https://photos.s3.eu-west-3.amazonaws.com", "https://s3.eu-west-3.amazonaws.com"],
    ],
    [
      "AWS, path style",
      { region: "eu-west-3", forcePathStyle: true },
      ["https://s3.eu-west-3.amazonaws.com"],
    ],
    [
      "AWS, a bucket with capitals",
      { bucket: "My_Photos" },
      ["https://s3.us-east-1.amazonaws.com"],
    ],
    [
      "AWS China",
      { region: "cn-north-1" },
      ["https://photos.s3.cn-north-1.amazonaws.com.cn", "https://s3.cn-north-1.amazonaws.com.cn"],
    ],
    [
      "an endpoint with a port and a path",
      { endpoint: "https://s3.example.org:8443/base", region: "auto" },
      ["https://photos.s3.example.org:8443", "https://s3.example.org:8443"],
    ],
    [
      "an endpoint, path style",
      { endpoint: "http://localhost:9000", forcePathStyle: true },
      ["http://localhost:9000"],
    ],
    ["an IP endpoint", { endpoint: "http://127.0.0.1:9000" }, ["http://127.0.0.1:9000"]],
    ["an IPv6 endpoint", { endpoint: "http://[::1]:9000" }, ["http://[::1]:9000"]],
    [
      "a dotted bucket on an https endpoint",
      { endpoint: "https://r2.example.net", bucket: "my.photos" },
      ["https://my.photos.r2.example.net", "https://r2.example.net"],
    ],
  ])("lists the origins of the URLs S3 mints: %s", async (_case, settings, origins) => {
    const config = s3(settings);
    expect(blobOriginsFor(config, apiURL)).toEqual(origins);
    // Whatever the SDK chooses, its URLs are among them.
    const store = createS3BlobStore(config);
    try {
      const urls = [
        await store.presignGet("a/b", { validForMs: 60_000 }),
        await store.presignPut("a/b", { validForMs: 60_000 }),
      ];
      for (const url of urls) expect(origins).toContain(new URL(url).origin);
    } finally {
      await store.close();
    }
  });
});
