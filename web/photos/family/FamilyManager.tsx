import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { FormError, TextField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import type { FamilyClient } from "./family-client";
import { FamilyMemberList } from "./FamilyMemberList";
import { familyViewOf, type FamilyView } from "./family-view";
import { useLimitField } from "./use-limit-field";
import { useFamilyConfirmations } from "./use-family-confirmations";
import { useFamilyStep } from "./use-family-step";
import { useFormatBytes } from "../../common/i18n/use-format-bytes";

/**
 * The family of the page's caller: create one, or manage it (its admin),
 * or see it and leave it (a member). Only the admin manages the plan (spec §6).
 */
export function FamilyManager({
  client,
  callerEmail,
  hasSession,
}: {
  client: FamilyClient;
  /** See: [Note: The family page knows its caller by the session's email] */
  callerEmail: string | undefined;
  hasSession: boolean;
}) {
  const [view, setView] = useState<FamilyView | undefined>();
  const [left, setLeft] = useState(false);

  const load = useFamilyStep(
    "load",
    useCallback(async () => {
      setView(familyViewOf(await client.fetchFamily(), callerEmail));
    }, [client, callerEmail]),
  );
  const { run: reload } = load;
  useEffect(() => {
    void reload();
  }, [reload]);

  const create = useFamilyStep(
    "create",
    useCallback(async () => {
      await client.createFamily();
      await reload();
    }, [client, reload]),
  );
  const leave = useFamilyStep(
    "leave",
    useCallback(async () => {
      await client.leave();
      setLeft(true);
    }, [client]),
  );

  const { confirmLeave } = useFamilyConfirmations();

  if (left) {
    return (
      <p className="cairn-account__success" role="status">
        <FormattedMessage id="family.member.left" />
      </p>
    );
  }
  if (view === undefined) {
    if (load.errorId !== undefined) return <FormError messageId={load.errorId} />;
    return (
      <p role="status">
        <FormattedMessage id="family.loading" />
      </p>
    );
  }
  switch (view.kind) {
    case "no-family":
      return (
        <div className="cairn-family__section">
          <p>
            <FormattedMessage id="family.none" />
          </p>
          <FormError messageId={create.errorId} />
          <Button variant="accent" busy={create.busy} onClick={() => void create.run()}>
            <FormattedMessage id="family.create" />
          </Button>
        </div>
      );
    case "member":
      return (
        <div className="cairn-family__section">
          <p data-testid="family-admin">
            <FormattedMessage id="family.member.of" values={{ admin: view.adminEmail }} />
          </p>
          <FamilyStorage usedBytes={view.usedBytes} storageBytes={view.storageBytes} />
          {hasSession ? (
            <>
              <FormError messageId={leave.errorId} />
              <Button
                variant="critical"
                busy={leave.busy}
                onClick={() => {
                  confirmLeave(view.adminEmail, leave.run);
                }}
              >
                <FormattedMessage id="family.member.leave" />
              </Button>
            </>
          ) : (
            <p className="cairn-family__muted">
              <FormattedMessage id="family.member.leaveNeedsLogin" />
            </p>
          )}
        </div>
      );
    case "admin":
      return (
        <div className="cairn-family__section">
          <FamilyStorage usedBytes={view.usedBytes} storageBytes={view.storageBytes} />
          <FamilyMemberList
            admin={view.admin}
            others={view.others}
            client={client}
            onChanged={reload}
          />
          {view.canInvite ? (
            <InviteForm client={client} onInvited={reload} />
          ) : (
            <p className="cairn-family__muted">
              <FormattedMessage id="family.admin.full" />
            </p>
          )}
        </div>
      );
  }
}

/** The family's storage: the admin's plan, shared, and what everyone uses of it. */
function FamilyStorage({ usedBytes, storageBytes }: { usedBytes: number; storageBytes: number }) {
  const formatBytes = useFormatBytes();
  return (
    <div className="cairn-family__storage" data-testid="family-storage">
      <p>
        <FormattedMessage id="family.plan" values={{ storage: formatBytes(storageBytes) }} />
      </p>
      <p>
        <FormattedMessage
          id="family.storageUsed"
          values={{ used: formatBytes(usedBytes), total: formatBytes(storageBytes) }}
        />
      </p>
    </div>
  );
}

/** The admin invites an existing account by email, optionally with a storage limit. */
function InviteForm({
  client,
  onInvited,
}: {
  client: FamilyClient;
  onInvited: () => Promise<void>;
}) {
  const [email, setEmail] = useState("");
  const limit = useLimitField("");
  const { setText: setLimitText } = limit;
  const [sentTo, setSentTo] = useState<string | undefined>();
  const invite = useFamilyStep(
    "invite",
    useCallback(
      async (to: string, limitBytes: number | null) => {
        await client.invite(to, limitBytes);
        setSentTo(to);
        setEmail("");
        setLimitText("");
        await onInvited();
      },
      [client, onInvited, setLimitText],
    ),
  );
  return (
    <form
      className="cairn-family__invite"
      onSubmit={(event) => {
        event.preventDefault();
        const limitBytes = limit.submittedBytes();
        if (limitBytes === undefined) return;
        setSentTo(undefined);
        void invite.run(email.trim(), limitBytes);
      }}
    >
      <h2 className="cairn-family__heading">
        <FormattedMessage id="family.invite.title" />
      </h2>
      <TextField
        labelId="family.invite.email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={setEmail}
      />
      <TextField
        labelId="family.limit.label"
        inputMode="decimal"
        value={limit.text}
        onChange={setLimitText}
        hint={<FormattedMessage id="family.limit.hint" />}
      />
      <FormError messageId={limit.error ?? invite.errorId} />
      {sentTo !== undefined && (
        <p className="cairn-account__success" role="status">
          <FormattedMessage id="family.invite.sent" values={{ email: sentTo }} />
        </p>
      )}
      <Button type="submit" variant="accent" busy={invite.busy}>
        <FormattedMessage id="family.invite.send" />
      </Button>
    </form>
  );
}
