// First: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { startApp } from "../common/app/start-app";
import { prestartTabSyncWorker } from "../common/library/library-state";
import { photosApp } from "./app-definition";

// Before React renders: the gallery's library needs the sync worker first.
// See: [Note: The page starts the sync worker's crypto workers]
prestartTabSyncWorker();
startApp(photosApp);
