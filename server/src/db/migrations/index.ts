import type { Migration, MigrationProvider } from "kysely";
import * as taskLocks from "./0001-task-locks";
import * as accounts from "./0002-accounts";
import * as library from "./0003-library";
import * as publicLinks from "./0004-public-links";
import * as linkDevices from "./0005-link-devices";
import * as families from "./0006-families";
import * as serverSettings from "./0007-server-settings";
import * as keyedOttHashes from "./0008-keyed-ott-hashes";
import * as derivedData from "./0009-derived-data";
import * as userEntities from "./0010-user-entities";
import * as authenticator from "./0011-authenticator";
import * as castSessions from "./0012-cast-sessions";
import * as filePreviews from "./0013-file-previews";
import * as collectionActions from "./0014-collection-actions";

// [Note: Migrations are listed, not discovered]
//
// Migrations are imported here by hand rather than read from the folder at run
// time, so they survive bundling (a bundle has no folder to read). Names sort
// in the order they must run; a new migration gets the next number and is
// never edited once released.
export const migrations: Readonly<Record<string, Migration>> = {
  "0001-task-locks": taskLocks,
  "0002-accounts": accounts,
  "0003-library": library,
  "0004-public-links": publicLinks,
  "0005-link-devices": linkDevices,
  "0006-families": families,
  "0007-server-settings": serverSettings,
  "0008-keyed-ott-hashes": keyedOttHashes,
  "0009-derived-data": derivedData,
  "0010-user-entities": userEntities,
  "0011-authenticator": authenticator,
  "0012-cast-sessions": castSessions,
  "0013-file-previews": filePreviews,
  "0014-collection-actions": collectionActions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...migrations }),
};
