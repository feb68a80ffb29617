// The albums bar's people, at the start of its row: the first people as
// faces with their names, and "All people". Until the library has people
// (face indexing off, or no one found yet) only a "People" entry, so the
// people page (and turning face indexing on) is one tap away on a phone too.

import { useMemo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useLibraryAnswer } from "../deduplicate/use-library-answer";
import { galleryPagePath } from "../gallery/navigation/gallery-pages";
import { FaceCrop } from "./FaceCrop";
import { personAddress } from "./person-address";
import { personLabel } from "./person-label";
import { usePagePeopleClient } from "./people-client-context";
import { peopleSections } from "./people-sections";
import "./people.css";

/**
 * People in the bar. Eight faces take half the bar at 1400 px, leaving the
 * other half to the albums the bar is for; the rest are a tap away on the
 * people page.
 */
export const stripPeopleCount = 8;

export function PeopleStrip({
  libraryVersion,
}: {
  /** Changes whenever the library does. */
  libraryVersion: unknown;
}) {
  const intl = useIntl();
  const client = usePagePeopleClient();
  const ask = useMemo(() => (client === undefined ? undefined : () => client.people()), [client]);
  const answer = useLibraryAnswer(ask, libraryVersion, "the albums bar's people");
  if (client === undefined) return null;
  const shown =
    answer?.status.enabled === true
      ? peopleSections(answer.people, intl.locale).shown.slice(0, stripPeopleCount)
      : [];

  return (
    <>
      {shown.map((person) => {
        const name = personLabel(person, intl);
        return (
          <li key={person.personID}>
            <Link
              to={personAddress(person.personID)}
              className="cairn-people-chip"
              title={name}
              data-testid="albums-bar-person"
              data-person-id={person.personID}
            >
              <FaceCrop face={person.cover} sizePx={48} />
              <span className="cairn-people-chip__name">{name}</span>
            </Link>
          </li>
        );
      })}
      <li className="cairn-people-strip__end">
        <Link
          to={galleryPagePath("people")}
          className="cairn-people-chip cairn-people-chip--all"
          data-testid="albums-bar-people"
        >
          <span className="cairn-people-chip__all-mark" aria-hidden="true">
            →
          </span>
          <FormattedMessage id={shown.length === 0 ? "gallery.nav.people" : "people.allPeople"} />
        </Link>
      </li>
    </>
  );
}
