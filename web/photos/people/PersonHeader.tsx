// The header of a person's grid (`/gallery?search=person:<id>`): their face,
// name (or "Add a name"), how many photos they are in, and their actions.
// It stands in for the view header's title.

import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { FaceCrop } from "./FaceCrop";
import { personAddress } from "./person-address";
import { personLabel } from "./person-label";
import { PersonMenu } from "./PersonMenu";
import { usePagePeopleClient } from "./people-client-context";
import { usePerson } from "./use-person";
import "./people.css";

export function PersonHeader({
  personID,
  libraryVersion,
}: {
  personID: string;
  /** Changes whenever the library does. */
  libraryVersion: unknown;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = usePagePeopleClient();
  const { state, refresh } = usePerson(client, personID, libraryVersion);
  const person = state.kind === "found" ? state.person : undefined;

  return (
    <div className="cairn-person-header" data-testid="person-header" data-person-id={personID}>
      {person !== undefined && <FaceCrop face={person.cover} sizePx={160} />}
      <div className="cairn-person-header__text">
        <h1
          className={
            person !== undefined && person.name === undefined
              ? "cairn-person-header__name cairn-person-header__name--unnamed"
              : "cairn-person-header__name"
          }
          data-testid="view-title"
        >
          {person !== undefined && personLabel(person, intl)}
          {state.kind === "gone" && <FormattedMessage id="gallery.nav.people" />}
        </h1>
        {person !== undefined && (
          <p className="cairn-person-header__detail" data-testid="person-header-count">
            <FormattedMessage id="people.photoCount" values={{ count: person.fileCount }} />
          </p>
        )}
        {person?.hidden === true && (
          <p className="cairn-person-header__detail" data-testid="person-header-hidden">
            <FormattedMessage id="people.hiddenNote" />
          </p>
        )}
        {state.kind === "gone" && (
          <p className="cairn-person-header__detail" data-testid="person-header-gone">
            <FormattedMessage id="people.gone" />
          </p>
        )}
      </div>
      {person !== undefined && client !== undefined && (
        <PersonMenu
          person={person}
          client={client}
          onChanged={refresh}
          onOpenPerson={(movedTo) => {
            void navigate(personAddress(movedTo), { replace: true });
          }}
        />
      )}
    </div>
  );
}
