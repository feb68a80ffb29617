// A person to pick in a dialog: their face, name and photo count.

import { FormattedMessage, useIntl } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { FaceCrop } from "./FaceCrop";
import { personLabel } from "./person-label";

export function PersonPickRow({
  person,
  thumbnails,
  disabled,
  onPick,
}: {
  person: PersonSummary;
  thumbnails: ThumbnailStore;
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
        <FaceCrop face={person.cover} thumbnails={thumbnails} sizePx={48} />
        <span className="cairn-people-pick__name">{personLabel(person, intl)}</span>
        <span className="cairn-people-pick__count">
          <FormattedMessage id="people.photoCount" values={{ count: person.fileCount }} />
        </span>
      </button>
    </li>
  );
}
