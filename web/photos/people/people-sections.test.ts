import { describe, expect, it } from "vitest";
import { peopleSections } from "./people-sections";
import { personOf } from "./test-support/people-fakes";

describe("the people page's order", () => {
  it("puts named people first by name, keeps the unnamed in the worker's order, and the hidden apart", () => {
    const { shown, hidden } = peopleSections(
      [
        personOf({ personID: "c1" }),
        personOf({ personID: "p1", name: "zoë" }),
        personOf({ personID: "c2" }),
        personOf({ personID: "p2", name: "Émile" }),
        personOf({ personID: "p3", name: "Anna" }),
        personOf({ personID: "h1", hidden: true }),
        personOf({ personID: "h2", name: "Hugo", hidden: true }),
      ],
      "en-US",
    );
    expect(shown.map((person) => person.personID)).toEqual(["p3", "p2", "p1", "c1", "c2"]);
    expect(hidden.map((person) => person.personID)).toEqual(["h2", "h1"]);
  });
});
