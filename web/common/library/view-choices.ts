// What the gallery's views show, as this device chose it (kept in local
// storage beside the theme): read when the tab's library sync starts, and
// changed from the settings. See: [Note: Shared files stay out of the timeline unless chosen]

import { type ViewChoices, defaultViewChoices } from "../../../shared/model/library/view-choices";
import { atom } from "jotai";
import { localStore } from "../storage/local-store";

/** The stored choices, the defaults where none was made. */
export const storedViewChoices = (): ViewChoices => ({
  sharedInTimeline: localStore.get("sharedInTimeline") ?? defaultViewChoices.sharedInTimeline,
});

/** The choices as the page shows them (the settings' switches). */
export const viewChoicesAtom = atom<ViewChoices>(storedViewChoices());

/** Keeps `choices` for this device. */
export const storeViewChoices = (choices: ViewChoices): void => {
  localStore.set("sharedInTimeline", choices.sharedInTimeline);
};
