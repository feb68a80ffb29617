import { useCallback, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormError } from "../../common/account-screens/parts/fields";
import type { MessageId } from "../../common/i18n/messages";
import { Button } from "../../common/ui/Button";
import type { FamilyClient } from "./family-client";
import { familyRowActions, storageLimitTextOf, type FamilyMemberRow } from "./family-view";
import { useFamilyConfirmations } from "./use-family-confirmations";
import { useLimitField } from "./use-limit-field";
import { useFamilyStep } from "./use-family-step";
import { useFormatBytes } from "../../common/i18n/use-format-bytes";

const statusMessageIds: Partial<Record<string, MessageId>> = {
  SELF: "family.status.admin",
  ACCEPTED: "family.status.member",
  INVITED: "family.status.invited",
};

/** The family's accounts as its admin sees them: email, status, usage, limit, and what to do. */
export function FamilyMemberList({
  admin,
  others,
  client,
  onChanged,
}: {
  admin: FamilyMemberRow | undefined;
  others: readonly FamilyMemberRow[];
  client: FamilyClient;
  onChanged: () => Promise<void>;
}) {
  const intl = useIntl();
  const rows = admin === undefined ? others : [admin, ...others];
  return (
    <table
      className="cairn-family__members"
      aria-label={intl.formatMessage({ id: "family.members" })}
    >
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="family.column.email" />
          </th>
          <th scope="col">
            <FormattedMessage id="family.column.status" />
          </th>
          <th scope="col">
            <FormattedMessage id="family.column.usage" />
          </th>
          <th scope="col">
            <FormattedMessage id="family.column.limit" />
          </th>
          <th scope="col">
            <span className="cairn-family__hidden-label">
              <FormattedMessage id="family.column.actions" />
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <MemberRow key={row.id} row={row} client={client} onChanged={onChanged} />
        ))}
      </tbody>
    </table>
  );
}

function MemberRow({
  row,
  client,
  onChanged,
}: {
  row: FamilyMemberRow;
  client: FamilyClient;
  onChanged: () => Promise<void>;
}) {
  const intl = useIntl();
  const formatBytes = useFormatBytes();
  const [editing, setEditing] = useState(false);
  const limit = useLimitField(storageLimitTextOf(row.storageLimitBytes));
  const actions = familyRowActions(row);
  const { confirmRemove, confirmRevoke } = useFamilyConfirmations();

  const remove = useFamilyStep(
    "remove",
    useCallback(async () => {
      await client.removeMember(row.id);
      await onChanged();
    }, [client, row.id, onChanged]),
  );
  const revoke = useFamilyStep(
    "revoke",
    useCallback(async () => {
      await client.revokeInvite(row.id);
      await onChanged();
    }, [client, row.id, onChanged]),
  );
  const changeLimit = useFamilyStep(
    "change-limit",
    useCallback(
      async (limitBytes: number | null) => {
        await client.changeLimit(row.id, limitBytes);
        setEditing(false);
        await onChanged();
      },
      [client, row.id, onChanged],
    ),
  );
  const statusId = statusMessageIds[row.status];
  const errorId = limit.error ?? remove.errorId ?? revoke.errorId ?? changeLimit.errorId;

  return (
    <tr data-testid="family-member" data-email={row.email}>
      <td>{row.email}</td>
      <td>{statusId === undefined ? row.status : intl.formatMessage({ id: statusId })}</td>
      <td>{row.status === "INVITED" ? "—" : formatBytes(row.usageBytes)}</td>
      <td>
        {editing ? (
          <form
            className="cairn-family__limit-form"
            onSubmit={(event) => {
              event.preventDefault();
              const limitBytes = limit.submittedBytes();
              if (limitBytes !== undefined) void changeLimit.run(limitBytes);
            }}
          >
            <input
              className="cairn-field__input"
              inputMode="decimal"
              aria-label={intl.formatMessage({ id: "family.limit.label" })}
              value={limit.text}
              onChange={(event) => {
                limit.setText(event.target.value);
              }}
            />
            <Button type="submit" variant="accent" busy={changeLimit.busy}>
              <FormattedMessage id="family.limit.save" />
            </Button>
          </form>
        ) : row.storageLimitBytes === null ? (
          intl.formatMessage({ id: "family.limit.none" })
        ) : (
          formatBytes(row.storageLimitBytes)
        )}
      </td>
      <td className="cairn-family__actions">
        {actions.includes("change-limit") && !editing && (
          <Button
            variant="secondary"
            onClick={() => {
              setEditing(true);
            }}
          >
            <FormattedMessage id="family.limit.change" />
          </Button>
        )}
        {actions.includes("remove") && (
          <Button
            variant="critical"
            busy={remove.busy}
            onClick={() => {
              confirmRemove(row.email, remove.run);
            }}
          >
            <FormattedMessage id="family.admin.remove" />
          </Button>
        )}
        {actions.includes("revoke") && (
          <Button
            variant="critical"
            busy={revoke.busy}
            onClick={() => {
              confirmRevoke(row.email, revoke.run);
            }}
          >
            <FormattedMessage id="family.admin.revoke" />
          </Button>
        )}
        <FormError messageId={errorId} />
      </td>
    </tr>
  );
}
