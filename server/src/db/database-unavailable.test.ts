import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("a database that is away", () => {
  it("is told from a query that is wrong", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        withCode("57P01", "terminating connection due to administrator command"),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P03", "the database system is starting up"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_BUSY", "database is locked"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
      ),
    ).toBe(true);

    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01", "relation does not exist"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("SQLITE_CONSTRAINT_UNIQUE"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
