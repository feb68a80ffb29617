// The people page's hidden people: collapsed at the end of the page, opened
// to show them again (a hidden person is shown from their own header).

import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PersonSummary } from "../../../workers/people/people-contract";
import { PersonCard } from "./PersonCard";

export function HiddenPeople({ people }: { people: readonly PersonSummary[] }) {
  const listID = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="cairn-people__hidden" data-testid="people-hidden">
      <button
        type="button"
        className="cairn-people__hidden-toggle"
        aria-expanded={open}
        aria-controls={listID}
        data-testid="people-hidden-toggle"
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        <span aria-hidden="true">{open ? "▾" : "▸"}</span>{" "}
        <FormattedMessage id="people.hiddenSection" values={{ count: people.length }} />
      </button>
      {open && (
        <ul id={listID} className="cairn-people__grid">
          {people.map((person) => (
            <PersonCard key={person.personID} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}
