import { useMemo, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { ActionOutcome } from "../../../workers/gallery/gallery-contract";
import type { DuplicateGroup } from "../../../workers/dedupe/duplicates-contract";
import { useSessionExpiredDialog } from "../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import { log } from "../../common/log/log";
import { useNotify } from "../../common/shell/notification";
import { Button } from "../../common/ui/Button";
import { refusalDisplay } from "../gallery/actions/action-messages";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { DuplicateGroupRow } from "./DuplicateGroupRow";
import { StorageSize } from "../../common/i18n/StorageSize";
import { useLibraryAnswer } from "./use-library-answer";
import { ListState, ListToolbar, WindowedList } from "./list-parts";

/** A group's height on the page (deduplicate.css `--dedupe-row-height`): rows are drawn by it. */
const groupRowHeightPx = 212;

/** What removing the chosen groups takes away. */
const removalOf = (groups: readonly DuplicateGroup[]) => ({
  copies: groups.reduce((sum, { files }) => sum + files.length - 1, 0),
  freedBytes: groups.reduce((sum, { freedBytes }) => sum + freedBytes, 0),
});

/**
 * The library's exact duplicates, every group chosen at first; "Remove
 * duplicates" keeps one copy of each (added to every album the others were
 * in) and moves the others to the trash, after saying how many and how
 * much storage that frees. See: [Note: Exact duplicates are the user's own
 * copies] and [Note: Which copy of a duplicate is kept]
 */
export function DuplicatesView({
  client,
  thumbnails,
  albumName,
  libraryVersion,
}: {
  client: DuplicatesClient | undefined;
  thumbnails: ThumbnailStore | undefined;
  albumName: (collectionID: number) => string | undefined;
  libraryVersion: unknown;
}) {
  const groups = useLibraryAnswer(client?.exactDuplicates, libraryVersion, "duplicates");
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState(false);
  const { showMessageDialog, showErrorDialog } = useMessageDialog();
  const showSessionExpired = useSessionExpiredDialog();
  const notify = useNotify();

  const chosen = useMemo(
    () => (groups ?? []).filter(({ contentKey }) => !unchosen.has(contentKey)),
    [groups, unchosen],
  );
  const removal = removalOf(chosen);

  const choose = (contentKey: string, isChosen: boolean) => {
    setUnchosen((before) => {
      const after = new Set(before);
      if (isChosen) after.delete(contentKey);
      else after.add(contentKey);
      return after;
    });
  };

  const remove = async (toRemove: readonly DuplicateGroup[]) => {
    if (client === undefined) return;
    setRemoving(true);
    try {
      let outcome: ActionOutcome;
      try {
        outcome = await client.removeDuplicates(toRemove);
      } catch (e) {
        log.error("Removing duplicates failed", e);
        outcome = { ok: false, code: "unknown" };
      }
      if (!outcome.ok) {
        const display = refusalDisplay(outcome.code, { kind: "trash", fileIDs: [] });
        if (display.kind === "session-expired") showSessionExpired();
        else
          showErrorDialog(
            <FormattedMessage id={display.message.id} values={display.message.values} />,
          );
        return;
      }
      setUnchosen(new Set());
      notify(<FormattedMessage id="dedupe.done" values={{ count: outcome.changedCount }} />, {
        variant: "success",
      });
    } finally {
      setRemoving(false);
    }
  };

  const confirmRemoval = () => {
    const toRemove = chosen;
    const { copies, freedBytes } = removalOf(toRemove);
    showMessageDialog({
      title: <FormattedMessage id="dedupe.confirm.title" values={{ count: copies }} />,
      message: (
        <FormattedMessage
          id="dedupe.confirm.message"
          values={{ count: copies, size: <StorageSize sizeBytes={freedBytes} /> }}
        />
      ),
      proceed: {
        label: <FormattedMessage id="dedupe.remove" />,
        variant: "critical",
        action: () => remove(toRemove),
      },
    });
  };

  const hasGroups = groups !== undefined && groups.length > 0;
  return (
    <>
      <ListToolbar
        explanationID="dedupe.explanation"
        summary={
          hasGroups
            ? {
                testID: "dedupe-summary",
                text: (
                  <FormattedMessage
                    id="dedupe.summary"
                    values={{
                      count: removal.copies,
                      size: <StorageSize sizeBytes={removal.freedBytes} />,
                    }}
                  />
                ),
              }
            : undefined
        }
        onChooseAll={() => {
          setUnchosen(new Set());
        }}
        onChooseNone={() => {
          setUnchosen(new Set((groups ?? []).map(({ contentKey }) => contentKey)));
        }}
        action={
          <Button
            variant="critical"
            busy={removing}
            disabled={removal.copies === 0}
            onClick={confirmRemoval}
            data-testid="dedupe-remove"
          >
            <FormattedMessage id="dedupe.remove" />
          </Button>
        }
      />
      {!hasGroups && (
        <ListState
          looking={groups === undefined}
          lookingID="dedupe.looking"
          noneID="dedupe.none"
          noneDetailID="dedupe.none.detail"
          testIDPrefix="dedupe"
        />
      )}
      {hasGroups && thumbnails !== undefined && (
        <WindowedList
          count={groups.length}
          rowHeightPx={groupRowHeightPx}
          testID="dedupe-groups"
          row={(index, topPx) => {
            const group = groups[index];
            if (group === undefined) return null;
            return (
              <li key={group.contentKey} className="cairn-dedupe__row" style={{ top: topPx }}>
                <DuplicateGroupRow
                  group={group}
                  chosen={!unchosen.has(group.contentKey)}
                  onChoose={(isChosen) => {
                    choose(group.contentKey, isChosen);
                  }}
                  thumbnails={thumbnails}
                  albumName={albumName}
                />
              </li>
            );
          }}
        />
      )}
    </>
  );
}
