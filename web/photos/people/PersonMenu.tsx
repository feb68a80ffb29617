// The open person's actions: name or rename, merge with another person,
// review their faces, hide or show them. Each asks the worker and then the
// header follows (a rename of an unnamed cluster and a merge may leave the
// person under another ID: the page opens that one).

import { useCallback, useState } from "react";
import { useIntl } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { PeopleClient } from "../../common/library/people-client";
import { log } from "../../common/log/log";
import { MenuButton, type MenuButtonItem } from "../../common/ui/MenuButton";
import { MergePersonDialog } from "./MergePersonDialog";
import { PersonNameDialog } from "./PersonNameDialog";
import { ReviewFacesDialog } from "./ReviewFacesDialog";

export interface PersonMenuProps {
  person: PersonSummary;
  client: PeopleClient;
  /** After a change that kept the person's ID: the header asks again. */
  onChanged: () => void;
  /** After a change that moved the person to another ID: the page opens it. */
  onOpenPerson: (personID: string) => void;
}

type Dialog = "name" | "merge" | "review";

export function PersonMenu({ person, client, onChanged, onOpenPerson }: PersonMenuProps) {
  const intl = useIntl();
  const { showErrorDialog } = useMessageDialog();
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const { personID } = person;
  const close = () => {
    setDialog(undefined);
  };

  /** Runs a change; a failure is logged and told, and the header asks again either way. */
  const change = async (what: string, run: () => Promise<string | undefined>) => {
    try {
      const movedTo = await run();
      if (movedTo !== undefined && movedTo !== personID) onOpenPerson(movedTo);
      else onChanged();
    } catch (e) {
      log.error(`Could not ${what}`, e);
      showErrorDialog();
      onChanged();
    }
  };

  const loadFaces = useCallback(() => client.personFaces(personID), [client, personID]);

  const items: MenuButtonItem[] = [
    {
      key: "name",
      label: person.name === undefined ? "people.addName" : "people.rename",
      run: () => {
        setDialog("name");
      },
    },
    {
      key: "merge",
      label: "people.merge",
      run: () => {
        setDialog("merge");
      },
    },
    {
      key: "review",
      label: "people.review",
      run: () => {
        setDialog("review");
      },
    },
    {
      key: person.hidden ? "show" : "hide",
      label: person.hidden ? "people.show" : "people.hide",
      run: () => {
        void change("hide or show a person", async () => {
          await client.setPersonHidden(personID, !person.hidden);
          return undefined;
        });
      },
    },
  ];

  return (
    <>
      <MenuButton
        label={intl.formatMessage({ id: "people.menu" })}
        buttonClassName="cairn-view-header__tool"
        items={items}
        alignEnd
      />
      {dialog === "name" && (
        <PersonNameDialog
          titleID={person.name === undefined ? "people.addName" : "people.rename"}
          initialName={person.name ?? ""}
          onSubmit={(name) => change("name a person", () => client.namePerson(personID, name))}
          onClose={close}
        />
      )}
      {dialog === "merge" && (
        <MergePersonDialog
          person={person}
          client={client}
          onMerge={({ intoID, mergedID }) =>
            change("merge people", async () => {
              await client.mergePeople(intoID, mergedID);
              return intoID;
            })
          }
          onClose={close}
        />
      )}
      {dialog === "review" && (
        <ReviewFacesDialog
          loadFaces={loadFaces}
          onRemove={(faceIDs) =>
            change("remove faces from a person", async () => {
              await client.removeFacesFromPerson(personID, faceIDs);
              return undefined;
            })
          }
          onClose={close}
        />
      )}
    </>
  );
}
