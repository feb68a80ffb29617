import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { FormError } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import type { FamilyClient } from "./family-client";
import { useFamilyStep } from "./use-family-step";
import { useFormatBytes } from "../../common/i18n/use-format-bytes";

type InviteState =
  | { kind: "loading" }
  | { kind: "open"; adminEmail: string }
  | { kind: "accepted"; adminEmail: string; storageBytes: number };

/** The invite of a mailed link: who invites, and accepting it (wire-contract §11). */
export function FamilyInvite({
  client,
  inviteToken,
}: {
  client: FamilyClient;
  inviteToken: string;
}) {
  const formatBytes = useFormatBytes();
  const [state, setState] = useState<InviteState>({ kind: "loading" });

  const load = useFamilyStep(
    "invite-info",
    useCallback(async () => {
      const { adminEmail } = await client.fetchInvite(inviteToken);
      setState({ kind: "open", adminEmail });
    }, [client, inviteToken]),
  );
  const accept = useFamilyStep(
    "accept",
    useCallback(async () => {
      const accepted = await client.acceptInvite(inviteToken);
      setState({ kind: "accepted", ...accepted });
    }, [client, inviteToken]),
  );

  const { run: runLoad } = load;
  useEffect(() => {
    void runLoad();
  }, [runLoad]);

  if (load.errorId !== undefined) return <FormError messageId={load.errorId} />;
  switch (state.kind) {
    case "loading":
      return (
        <p role="status">
          <FormattedMessage id="family.loading" />
        </p>
      );
    case "open":
      return (
        <div className="cairn-family__section">
          <p data-testid="family-invite">
            <FormattedMessage id="family.invite.from" values={{ admin: state.adminEmail }} />
          </p>
          <FormError messageId={accept.errorId} />
          <Button variant="accent" busy={accept.busy} onClick={() => void accept.run()}>
            <FormattedMessage id="family.invite.accept" />
          </Button>
        </div>
      );
    case "accepted":
      return (
        <p className="cairn-account__success" role="status">
          <FormattedMessage
            id="family.invite.accepted"
            values={{ admin: state.adminEmail, storage: formatBytes(state.storageBytes) }}
          />
        </p>
      );
  }
}
