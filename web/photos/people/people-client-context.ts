// The gallery page hands the tab's `PeopleClient` to what shows faces inside
// the gallery (the albums bar's people, a person's header, the viewer's
// faces) through this context; a test provides a double. Without a client,
// nothing there shows faces.

import { createContext, useContext } from "react";
import type { PeopleClient } from "../../common/library/people-client";

export const PeopleClientContext = createContext<PeopleClient | undefined>(undefined);

/** The page's people client; undefined until the sync worker has started (or outside a gallery). */
export const usePagePeopleClient = (): PeopleClient | undefined => useContext(PeopleClientContext);
