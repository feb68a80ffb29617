import { describe, expect, it } from "vitest";
import { HttpError, NetworkError, TokenMissingError } from "../../../shared/model/errors";
import { generalErrorFor } from "../../../shared/api/error-mapping";
import { familyErrorMessageId, type FamilyStep } from "./family-errors";

const answered = (status: number): HttpError => {
  const error = generalErrorFor({ status, body: { code: "X", message: "refused" } });
  if (!(error instanceof HttpError)) throw new Error("an HTTP error expected");
  return error;
};

describe("familyErrorMessageId", () => {
  it.each<[number, FamilyStep, string]>([
    [401, "load", "family.error.linkExpired"],
    [401, "leave", "family.error.loggedOut"],
    [402, "create", "family.error.noSubscription"],
    [403, "remove", "family.error.notAdmin"],
    [404, "invite", "family.error.noAccount"],
    [404, "accept", "family.error.inviteNotFound"],
    [404, "revoke", "family.error.memberNotFound"],
    [406, "invite", "family.error.inviteeInFamily"],
    [406, "accept", "family.error.alreadyInFamily"],
    [409, "invite", "family.error.inviteePaid"],
    [412, "invite", "family.error.familyFull"],
    [426, "change-limit", "family.error.limitTooHigh"],
    [400, "change-limit", "family.error.limitBelowUsage"],
    [400, "invite-info", "family.error.inviteInvalid"],
    [429, "invite-info", "family.error.tooManyRequests"],
    [500, "load", "family.error.generic"],
  ])("%i on %s: %s", (status, step, id) => {
    expect(familyErrorMessageId(answered(status), step)).toBe(id);
  });

  it("tells a missing token and a lost connection apart from refusals", () => {
    expect(familyErrorMessageId(new TokenMissingError(), "load")).toBe("family.error.noToken");
    expect(familyErrorMessageId(new TokenMissingError(), "leave")).toBe("family.error.loggedOut");
    expect(familyErrorMessageId(new NetworkError(), "accept")).toBe("family.error.network");
  });
});
