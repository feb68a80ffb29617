import type { MailMessage } from "../mail/mailer";

// The mail that carries a family invite (wire-contract §11): a link to the
// photos app's family page with the token, where the invitee accepts.

/** The photos app's family page: `<photos URL>/family`. */
export const familyPageURL = (photosURL: string): string =>
  new URL("family", photosURL.endsWith("/") ? photosURL : `${photosURL}/`).toString();

/** Where an invite leads: `<photos URL>/family?inviteToken=<token>`. */
export const familyInviteURL = (photosURL: string, inviteToken: string): string => {
  const url = new URL(familyPageURL(photosURL));
  url.searchParams.set("inviteToken", inviteToken);
  return url.toString();
};

export const familyInviteMail = ({
  to,
  adminEmail,
  inviteURL,
}: {
  to: string;
  adminEmail: string;
  inviteURL: string;
}): MailMessage => ({
  to,
  subject: "You've been invited to join a family on Cairn",
  text: [
    `${adminEmail} has invited you to share their Cairn plan as part of their family.`,
    "",
    `To accept, open this link while logged in to Cairn Photos: ${inviteURL}`,
    "",
    "If you did not expect this invite, you can ignore this mail.",
  ].join("\n"),
});
