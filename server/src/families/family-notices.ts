import type { MailMessage } from "../mail/mailer";
import type { FamiliesContext } from "./context";

/**
 * [Note: A family notice never fails its request]
 *
 * A notice (someone joined, left, was removed) is mailed after the change is
 * saved. If the mail cannot go out, the change still happened: answering
 * with an error would tell the caller it did not, and calling again would
 * change nothing and mail nothing. So a failed notice is logged and the
 * request succeeds. The invite mail is different: it carries the only copy
 * of the invite's token, so its failure fails the request, and inviting
 * again mails a new token (see: [Note: Invite tokens are kept as a keyed hash]).
 */
export const sendFamilyNotice = async (
  context: Pick<FamiliesContext, "mailer" | "log">,
  notice: string,
  message: MailMessage,
): Promise<void> => {
  try {
    await context.mailer.send(message);
  } catch (error) {
    context.log.error({ err: error, notice }, "a family notice could not be mailed");
  }
};
