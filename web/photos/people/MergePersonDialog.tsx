// "Merge with…": the other people (face and name) to pick the one the open
// person is. See: [Note: A merge keeps the name]

import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { Button } from "../../common/ui/Button";
import { useLibraryAnswer } from "../deduplicate/use-library-answer";
import { ActionDialog } from "../gallery/actions/ActionDialog";
import { mergeOrder } from "./merge-order";
import { PersonPickRow } from "./PersonPickRow";

export function MergePersonDialog({
  person,
  client,
  onMerge,
  onClose,
}: {
  person: PersonSummary;
  client: Pick<PeopleClient, "people">;
  /** Merges (the caller's to show a failure); the dialog closes once it settles. */
  onMerge: (order: { intoID: string; mergedID: string }) => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const answer = useLibraryAnswer(client.people, undefined, "people to merge with");
  const others = answer?.people.filter((other) => other.personID !== person.personID);

  return (
    <ActionDialog
      title={<FormattedMessage id="people.merge" />}
      onClose={busy ? undefined : onClose}
    >
      {() => (
        <div data-testid="person-merge-dialog">
          <p className="cairn-people-dialog__text">
            <FormattedMessage id="people.merge.description" />
          </p>
          {others !== undefined && others.length === 0 && (
            <p className="cairn-people-dialog__text">
              <FormattedMessage id="people.merge.none" />
            </p>
          )}
          {others !== undefined && others.length > 0 && (
            <ul className="cairn-people-pick">
              {others.map((other) => (
                <PersonPickRow
                  key={other.personID}
                  person={other}
                  disabled={busy}
                  onPick={(picked) => {
                    setBusy(true);
                    void onMerge(mergeOrder(person, picked)).finally(onClose);
                  }}
                />
              ))}
            </ul>
          )}
          <div className="cairn-dialog__buttons">
            <Button variant="secondary" fullWidth disabled={busy} onClick={onClose}>
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
