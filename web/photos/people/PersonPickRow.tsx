// A person to pick in a dialog: their face, name and photo count.

import { FormattedMessage, useIntl } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";
import { FaceCrop } from "./FaceCrop";
import { personLabel } from "./person-label";

export function PersonPickRow({
  person,
  disabled,
  onPick,
}: {
  person: PersonSummary;
  disabled: boolean;
  onPick: (person: PersonSummary) => void;
}) {
  const intl = useIntl();
  return (
    <li>
      <button
        type="button"
        className="cairn-people-pick__person"
        disabled={disabled}
        data-testid="person-pick"
        data-person-id={person.personID}
        onClick={() => {
          onPick(person);
        }}
      >
        <FaceCrop face={person.cover} sizePx={48} />
        <span className="cairn-people-pick__name">{personLabel(person, intl)}</span>
        <span className="cairn-people-pick__count">
          <FormattedMessage id="people.photoCount" values={{ count: person.fileCount }} />
        </span>
      </button>
    </li>
  );
}
