import type { MailMessage } from "../mail/mailer";

// The notices a family's changes mail (wire-contract §11 has none; the spec's
// family page is Cairn's own): the admin hears when someone joins or leaves,
// and a member hears when the admin removes them. Written like the invite
// mail (invite-mail.ts), in English. See: [Note: A family notice never fails its request]

export const memberJoinedMail = ({
  to,
  memberEmail,
  familyURL,
}: {
  to: string;
  memberEmail: string;
  familyURL: string;
}): MailMessage => ({
  to,
  subject: "A new member joined your family on Cairn",
  text: [
    `${memberEmail} has accepted your invite and now shares your Cairn plan as part of your family.`,
    "",
    `You can see your family, and limit each member's storage, on your family page: ${familyURL}`,
  ].join("\n"),
});

export const memberLeftMail = ({
  to,
  memberEmail,
  familyURL,
}: {
  to: string;
  memberEmail: string;
  familyURL: string;
}): MailMessage => ({
  to,
  subject: "A member left your family on Cairn",
  text: [
    `${memberEmail} has left your family. They no longer share your Cairn plan, and what they store no longer counts against it.`,
    "",
    `You can see your family, and invite someone else, on your family page: ${familyURL}`,
  ].join("\n"),
});

export const memberRemovedMail = ({
  to,
  adminEmail,
}: {
  to: string;
  adminEmail: string;
}): MailMessage => ({
  to,
  subject: "You were removed from a family on Cairn",
  text: [
    `${adminEmail} has removed you from their family on Cairn. You no longer share their plan.`,
    "",
    "Your files are still yours: from now on they count against your own plan.",
  ].join("\n"),
});

export const familyEndedMail = ({
  to,
  adminEmail,
}: {
  to: string;
  adminEmail: string;
}): MailMessage => ({
  to,
  subject: "Your family on Cairn has ended",
  text: [
    `${adminEmail} has deleted their Cairn account, so the family you shared with them has ended. You no longer share their plan.`,
    "",
    "Your files are still yours: from now on they count against your own plan.",
  ].join("\n"),
});
