import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { modelsPath, modelsStatusPath } from "../../../shared/api/models";
import type { ModelsFolder } from "./models-folder";

// The models folder on an app's origin: `GET /models/status` and
// `GET /models/<name>`. See: [Note: The models folder]

/**
 * A year, immutable: a model's name names one version of it (the reference
 * gives a new version a new name, and the server serves a file only at its
 * catalogue size), so a browser never needs to ask again.
 */
const modelCacheControl = "public, max-age=31536000, immutable";

export const registerModelsRoutes = (host: FastifyInstance, folder: ModelsFolder): void => {
  host.route({
    method: ["GET", "HEAD"],
    url: modelsStatusPath,
    exposeHeadRoute: false,
    handler: async (_request, reply) =>
      reply
        // The folder may be filled while the server runs: always ask again.
        .header("Cache-Control", "no-cache")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(await folder.status())),
  });

  host.route({
    method: ["GET", "HEAD"],
    url: `${modelsPath}/:name`,
    exposeHeadRoute: false,
    // Weights do not shrink much, and gzipping 143 MB would hold a core for seconds.
    compress: false,
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const ready = await folder.readyModel(name);
      if (ready === undefined) {
        return reply
          .code(404)
          .header("Cache-Control", "no-store")
          .type("text/plain")
          .send("No such model is ready: see /models/status");
      }
      const etag = `"${ready.sha256 ?? `${ready.sizeBytes.toString(16)}-${Math.floor(ready.mtimeMs).toString(16)}`}"`;
      reply
        .header("Cache-Control", modelCacheControl)
        .header("ETag", etag)
        .header("Content-Length", String(ready.sizeBytes))
        .type("application/octet-stream");
      const ifNoneMatch = request.headers["if-none-match"];
      if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).removeHeader("Content-Length").send();
      }
      if (request.method === "HEAD") return reply.send();
      return reply.send(createReadStream(ready.file));
    },
  });
};
