import { accountEndpointAreas, accountEndpoints } from "./endpoints/accounts";
import { familyEndpoints } from "./endpoints/families";
import { libraryEndpointAreas, libraryEndpoints } from "./endpoints/library";
import { systemEndpoints } from "./endpoints/system";

// Every endpoint of the API, keyed by a name unique across areas. The server
// must provide a handler for each (its handler map is typed from this
// object), so declaring an endpoint here without serving it fails to compile.
// Each area lives in `endpoints/<area>.ts` and is spread in below.

export const endpointAreas = {
  system: systemEndpoints,
  ...accountEndpointAreas,
  ...libraryEndpointAreas,
  families: familyEndpoints,
};

export const endpoints = {
  ...systemEndpoints,
  ...accountEndpoints,
  ...libraryEndpoints,
  ...familyEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
