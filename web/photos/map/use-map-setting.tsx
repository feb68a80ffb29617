// Whether the map is on for this account (spec §6/§7: `mapEnabled`, stored
// remotely and mirrored locally), and the enable and disable dialogs (spec
// §2). The remote value is the truth: another device may have turned the map
// on or off; the local copy lets a map that is on open at once.

import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { MapBasemap } from "../../../shared/api/map-basemap";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { log } from "../../common/log/log";
import { localStore } from "../../common/storage/local-store";
import { fetchBasemap } from "./basemap";

const offline: MapBasemap = { kind: "offline" };

/** The configured basemap; the offline one while asking and when the server cannot say. */
export function useBasemap(): MapBasemap | undefined {
  const { apiOrigin } = useRuntimeConfig();
  const [basemap, setBasemap] = useState<MapBasemap | undefined>();
  useEffect(() => {
    let current = true;
    fetchBasemap(apiOrigin)
      .catch((e: unknown) => {
        log.warn("Could not ask which basemap to draw; drawing the offline one", e);
        return offline;
      })
      .then((answer) => {
        if (current) setBasemap(answer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [apiOrigin]);
  return basemap;
}

/** The host a tile service is reached at, as the dialog names it. */
const tileHost = (urlTemplate: string) => {
  try {
    return new URL(urlTemplate.replace(/\{[^}]*\}/g, "0")).host;
  } catch {
    return urlTemplate;
  }
};

/** What the enable dialog says about the basemap: who, if anyone, is contacted. */
function EnableMapMessage({ basemap }: { basemap: MapBasemap }) {
  switch (basemap.kind) {
    case "offline":
      return <FormattedMessage id="map.enable.offline" />;
    case "pmtiles":
      return <FormattedMessage id="map.enable.ownServer" />;
    case "tiles":
      return (
        <FormattedMessage
          id="map.enable.tileService"
          values={{ host: tileHost(basemap.urlTemplate) }}
        />
      );
  }
}

export interface MapSetting {
  /** Undefined until known (the local copy says off and the server was not asked yet). */
  enabled: boolean | undefined;
  /** The enable dialog; `onCancel` when it is dismissed. */
  askToEnable: (basemap: MapBasemap, onCancel?: () => void) => void;
  /** The disable dialog; `onDisabled` once the map is off. */
  askToDisable: (onDisabled?: () => void) => void;
}

export function useMapSetting(): MapSetting {
  const service = useAccountService();
  const { showMessageDialog } = useMessageDialog();
  const [enabled, setEnabled] = useState<boolean | undefined>(() =>
    localStore.get("mapEnabled") === true ? true : undefined,
  );

  useEffect(() => {
    let current = true;
    service
      .remoteFlag("mapEnabled")
      .then((remote) => {
        localStore.set("mapEnabled", remote);
        if (current) setEnabled(remote);
      })
      .catch((e: unknown) => {
        log.warn("Could not ask whether the map is on", e);
        if (current) setEnabled(localStore.get("mapEnabled") === true);
      });
    return () => {
      current = false;
    };
  }, [service]);

  const askToEnable = useCallback(
    (basemap: MapBasemap, onCancel?: () => void) => {
      showMessageDialog({
        title: <FormattedMessage id="map.enable.title" />,
        message: <EnableMapMessage basemap={basemap} />,
        close: { action: onCancel },
        proceed: {
          label: <FormattedMessage id="map.enable.proceed" />,
          variant: "accent",
          action: async () => {
            await service.setRemoteFlag("mapEnabled", true);
            setEnabled(true);
          },
        },
      });
    },
    [service, showMessageDialog],
  );

  const askToDisable = useCallback(
    (onDisabled?: () => void) => {
      showMessageDialog({
        title: <FormattedMessage id="map.disable.title" />,
        message: <FormattedMessage id="map.disable.message" />,
        proceed: {
          label: <FormattedMessage id="map.disable.proceed" />,
          variant: "critical",
          action: async () => {
            await service.setRemoteFlag("mapEnabled", false);
            setEnabled(false);
            onDisabled?.();
          },
        },
      });
    },
    [service, showMessageDialog],
  );

  return { enabled, askToEnable, askToDisable };
}
