// Whether face indexing is on (spec §6/§7: the account's `faceSearchEnabled`,
// stored remotely and mirrored locally as `faceIndexingEnabled`), how to
// turn it on, and the confirmation that turns it off. The remote value is
// the truth: another device may have turned it on or off; the local copy
// lets a page that is on show so at once.

import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import type { PeopleClient } from "../../common/library/people-client";
import { log } from "../../common/log/log";
import {
  storedFaceIndexingChoice,
  storeFaceIndexingChoice,
} from "../../common/library/indexing-choice";

export interface FaceIndexingSetting {
  /** Undefined until known (the local copy says off and the server was not asked yet). */
  enabled: boolean | undefined;
  /** Turns it on: the account's flag, this device's copy and the worker. */
  enable: () => Promise<void>;
  /** The confirmation dialog; turns it off when confirmed. */
  askToDisable: () => void;
}

/**
 * [Note: The account's face search flag drives this device]
 *
 * The worker indexes faces while this device's choice says so. When the
 * account's flag differs from the local copy, another device changed it:
 * the copy follows, and the worker is told (off removes this device's face
 * data, as turning it off here would). Equal values tell the worker nothing,
 * so opening a page never restarts anything.
 */
const followRemote = (
  remote: boolean,
  client: Pick<PeopleClient, "setFaceIndexing"> | undefined,
) => {
  // Without the worker yet, the copy waits too: it follows once both are there.
  // A device that never had it on has nothing to remove: no copy is the same as off.
  const local = storedFaceIndexingChoice();
  if (client === undefined || local === remote) return;
  storeFaceIndexingChoice(remote);
  client.setFaceIndexing(remote).catch((e: unknown) => {
    log.error("Could not tell the library whether to index faces", e);
  });
};

/**
 * Keeps this device's face indexing with the account's choice from the
 * gallery's start, so a device where another one turned face search on
 * finds (or takes) faces without its People page being opened first.
 * See: [Note: The account's face search flag drives this device]
 */
export function useFaceIndexingFollowsAccount(
  client: Pick<PeopleClient, "setFaceIndexing"> | undefined,
): void {
  const service = useAccountService();
  useEffect(() => {
    let current = true;
    service
      .remoteFlag("faceSearchEnabled")
      .then((remote) => {
        if (current) followRemote(remote, client);
      })
      .catch((e: unknown) => {
        log.warn("Could not ask whether face indexing is on", e);
      });
    return () => {
      current = false;
    };
  }, [service, client]);
}

export function useFaceIndexingSetting(
  client: Pick<PeopleClient, "setFaceIndexing"> | undefined,
): FaceIndexingSetting {
  const service = useAccountService();
  const { showMessageDialog } = useMessageDialog();
  const [enabled, setEnabled] = useState<boolean | undefined>(() =>
    storedFaceIndexingChoice() ? true : undefined,
  );

  useEffect(() => {
    let current = true;
    service
      .remoteFlag("faceSearchEnabled")
      .then((remote) => {
        if (!current) return;
        followRemote(remote, client);
        setEnabled(remote);
      })
      .catch((e: unknown) => {
        log.warn("Could not ask whether face indexing is on", e);
        if (current) setEnabled(storedFaceIndexingChoice());
      });
    return () => {
      current = false;
    };
  }, [service, client]);

  const enable = useCallback(async () => {
    await service.setRemoteFlag("faceSearchEnabled", true);
    storeFaceIndexingChoice(true);
    setEnabled(true);
    await client?.setFaceIndexing(true);
  }, [service, client]);

  const askToDisable = useCallback(() => {
    showMessageDialog({
      title: <FormattedMessage id="people.disable.title" />,
      message: <FormattedMessage id="people.disable.message" />,
      proceed: {
        label: <FormattedMessage id="people.disable.proceed" />,
        variant: "critical",
        action: async () => {
          await service.setRemoteFlag("faceSearchEnabled", false);
          storeFaceIndexingChoice(false);
          setEnabled(false);
          await client?.setFaceIndexing(false);
        },
      },
    });
  }, [service, client, showMessageDialog]);

  return { enabled, enable, askToDisable };
}
