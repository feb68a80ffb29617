// The map page's calls into the library's worker, each waiting for the
// stored library to be open. See: [Note: Gallery calls wait for the stored library]
// See: [Note: A worker's API is declared once]

import type { MapCalls } from "../../../workers/map/map-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";

export type MapClient = WorkerCalls<MapCalls>;

export const mapClientOverWorker = (api: MapClient, opened: Promise<unknown>): MapClient => ({
  mapOverview: async (scope) => {
    await opened;
    return api.mapOverview(scope);
  },
  mapMarkers: async (request) => {
    await opened;
    return api.mapMarkers(request);
  },
});
