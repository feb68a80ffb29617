// `/gallery/people`: the people in the photos (spec §1, face search). Off
// until the user enables face indexing (it explains where faces are found);
// while faces are being found, how far it is; then a card per person, named
// first, and the hidden people collapsed at the end. A card opens the grid
// of the person's photos.

import { FormattedMessage, useIntl } from "react-intl";
import type { PeopleClient } from "../../common/library/people-client";
import { FaceIndexingOff } from "./FaceIndexingOff";
import { FaceIndexingPhase } from "./FaceIndexingPhase";
import { HiddenPeople } from "./HiddenPeople";
import { PersonCard } from "./PersonCard";
import { peopleSections } from "./people-sections";
import { useFaceIndexingSetting } from "./use-face-indexing-setting";
import { usePeopleAnswer } from "./use-people-answer";
import "./people.css";

export interface PeoplePageProps {
  /** Undefined until the sync worker has started. */
  client: PeopleClient | undefined;
  /** Changes when the library does. */
  libraryVersion: unknown;
}

export function PeoplePage({ client, libraryVersion }: PeoplePageProps) {
  const intl = useIntl();
  const setting = useFaceIndexingSetting(client);
  const { answer, refresh } = usePeopleAnswer(
    setting.enabled === true ? client : undefined,
    libraryVersion,
  );
  const sections = peopleSections(answer?.people ?? [], intl.locale);
  const done = answer?.status.enabled === true && answer.status.phase === "done";

  return (
    <div className="cairn-people" data-testid="people-page">
      <header className="cairn-people__header">
        <h1 className="cairn-people__title">
          <FormattedMessage id="gallery.nav.people" />
        </h1>
        {setting.enabled === true && answer !== undefined && (
          <FaceIndexingPhase status={answer.status} className="cairn-people__phase" />
        )}
      </header>
      {setting.enabled === false && (
        <FaceIndexingOff
          onEnable={
            client === undefined
              ? undefined
              : async () => {
                  await setting.enable();
                  refresh();
                }
          }
        />
      )}
      {setting.enabled === true && answer !== undefined && (
        <>
          {sections.shown.length > 0 ? (
            <ul className="cairn-people__grid" data-testid="people-list">
              {sections.shown.map((person) => (
                <PersonCard key={person.personID} person={person} />
              ))}
            </ul>
          ) : (
            // See: [Note: The gallery never says "empty" before it knows]
            <p
              className="cairn-people__empty"
              data-testid={done ? "people-none" : "people-finding"}
            >
              <FormattedMessage id={done ? "people.none" : "people.finding"} />
            </p>
          )}
          {sections.hidden.length > 0 && <HiddenPeople people={sections.hidden} />}
        </>
      )}
    </div>
  );
}
