// What a person is called on screen: their name, else the invitation to name them.

import type { IntlShape } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";

export const personLabel = (
  person: Pick<PersonSummary, "name">,
  intl: Pick<IntlShape, "formatMessage">,
): string => person.name ?? intl.formatMessage({ id: "people.addName" });
