// The settings' map switch: on asks with the enable dialog (which says what
// drawing the map involves), off with the disable dialog. See: [Note: The map's basemap]

import { SettingSwitch } from "../gallery/account/SettingSwitch";
import { useBasemap, useMapSetting } from "./use-map-setting";

export function MapSettingSwitch() {
  const basemap = useBasemap();
  const { enabled, askToEnable, askToDisable } = useMapSetting();
  return (
    <SettingSwitch
      labelID="gallery.settings.map"
      descriptionID="gallery.settings.map.description"
      checked={enabled === true}
      onChange={(on) => {
        if (!on) askToDisable();
        else askToEnable(basemap ?? { kind: "offline" });
      }}
      testID="settings-map"
    />
  );
}
