import { useMemo } from "react";
import { FormattedMessage } from "react-intl";
import { useMessageDialog } from "../../common/dialog/dialog-state";

/**
 * The questions the family page asks before a change someone else will feel:
 * removing a member, revoking an invite, leaving the family. Each names the
 * person concerned; only "proceed" runs the change, and cancelling does
 * nothing. The change is a family step that never throws (its failure shows
 * on the page), so the dialog closes once it is done.
 */
export interface FamilyConfirmations {
  confirmRemove: (memberEmail: string, remove: () => Promise<void>) => void;
  confirmRevoke: (inviteeEmail: string, revoke: () => Promise<void>) => void;
  confirmLeave: (adminEmail: string, leave: () => Promise<void>) => void;
}

export function useFamilyConfirmations(): FamilyConfirmations {
  const { showMessageDialog } = useMessageDialog();
  return useMemo(
    () => ({
      confirmRemove: (memberEmail, remove) => {
        showMessageDialog({
          title: <FormattedMessage id="family.remove.title" values={{ email: memberEmail }} />,
          message: <FormattedMessage id="family.remove.message" />,
          proceed: {
            label: <FormattedMessage id="family.admin.remove" />,
            variant: "critical",
            action: remove,
          },
        });
      },
      confirmRevoke: (inviteeEmail, revoke) => {
        showMessageDialog({
          title: <FormattedMessage id="family.revoke.title" values={{ email: inviteeEmail }} />,
          message: <FormattedMessage id="family.revoke.message" />,
          proceed: {
            label: <FormattedMessage id="family.admin.revoke" />,
            variant: "critical",
            action: revoke,
          },
        });
      },
      confirmLeave: (adminEmail, leave) => {
        showMessageDialog({
          title: <FormattedMessage id="family.leave.title" values={{ admin: adminEmail }} />,
          message: <FormattedMessage id="family.leave.message" values={{ admin: adminEmail }} />,
          proceed: {
            label: <FormattedMessage id="family.member.leave" />,
            variant: "critical",
            action: leave,
          },
        });
      },
    }),
    [showMessageDialog],
  );
}
