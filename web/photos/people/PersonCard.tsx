// A person on the people page: their face, name (or "Add a name") and how
// many photos they are in; a link to the grid of those photos.

import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { PersonSummary } from "../../../workers/people/people-contract";
import { FaceCrop } from "./FaceCrop";
import { personAddress } from "./person-address";
import { personLabel } from "./person-label";

export function PersonCard({ person }: { person: PersonSummary }) {
  const intl = useIntl();
  return (
    <li>
      <Link
        to={personAddress(person.personID)}
        className="cairn-person-card"
        data-testid="person-card"
        data-person-id={person.personID}
        data-named={person.name !== undefined}
      >
        <FaceCrop face={person.cover} sizePx={120} />
        <span
          className={
            person.name === undefined
              ? "cairn-person-card__name cairn-person-card__name--unnamed"
              : "cairn-person-card__name"
          }
          data-testid="person-name"
        >
          {personLabel(person, intl)}
        </span>
        <span className="cairn-person-card__count" data-testid="person-count">
          <FormattedMessage id="people.photoCount" values={{ count: person.fileCount }} />
        </span>
      </Link>
    </li>
  );
}
