import { createContext, useContext } from "react";
import type { RuntimeConfig } from "./runtime-config";

/** The loaded runtime configuration. See: [Note: Runtime configuration] */
export const RuntimeConfigContext = createContext<RuntimeConfig | undefined>(undefined);

/** The runtime configuration; the app renders routes only once it is loaded. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error("useRuntimeConfig before the runtime configuration was loaded");
  return config;
}
