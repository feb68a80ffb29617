// Every registered bench scenario, in the order `npm run bench` runs them.

import type { Scenario } from "../scenario";
import { cryptoScenario } from "./crypto";
import { dedupeScenario } from "./dedupe";
import { editorScenario } from "./editor";
import { exportScenario } from "./export";
import { galleryOpenScenario } from "./gallery-open";
import { galleryScrollScenario } from "./gallery-scroll";
import { loadScenario } from "./load";
import { mapScenario } from "./map";
import { mlScenario } from "./ml";
import { serverDiffScenario } from "./server-diff";
import { syncScenario } from "./sync";
import { uploadScenario } from "./upload";

export const scenarios: readonly Scenario[] = [
  cryptoScenario,
  serverDiffScenario,
  syncScenario,
  galleryOpenScenario,
  galleryScrollScenario,
  mapScenario,
  uploadScenario,
  loadScenario,
  mlScenario,
  dedupeScenario,
  exportScenario,
  editorScenario,
];
