import { useEffect, useMemo, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useLocation, useNavigate } from "react-router";
import { getFamiliesToken } from "../../../shared/api/endpoints/users";
import { createApiClient } from "../../../shared/api/client";
import { photosClientPackage } from "../../common/shell/client-package";
import { AccountCard } from "../../common/account-screens/parts/AccountCard";
import { trustedReturnURL } from "../../common/account-screens/passkeys/passkey-links";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { familiesPortalParams } from "../../common/redirect/families-portal";
import { localStore } from "../../common/storage/local-store";
import { buttonClassName } from "../../common/ui/Button";
import { createFamilyClient } from "./family-client";
import { FamilyInvite } from "./FamilyInvite";
import { FamilyManager } from "./FamilyManager";
import "./family-page.css";

/** The query parameter of the invite link the server mails (server/src/families/invite-mail.ts). */
export const inviteTokenParam = "inviteToken";

/** What the page was opened with, read once: the address bar is cleaned at once. */
interface FamilyLink {
  familiesToken: string | undefined;
  inviteToken: string | undefined;
  redirectURL: string | null;
}

const nonEmpty = (value: string | null) => (value === null || value === "" ? undefined : value);

/**
 * `/family`: Cairn's own family page (the spec's "provider web site" of
 * `?redirect=families`). Opened from the settings or a redirect with a
 * FAMILIES JWT (See: [Note: The family page is opened with a families
 * token]), it manages the family; opened from an invite mail, it shows the
 * invite and accepts it. The tokens are taken out of the address bar (and
 * so out of the history) at once.
 */
export function FamilyPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const [link] = useState<FamilyLink>(() => {
    const params = new URLSearchParams(search);
    return {
      familiesToken: nonEmpty(params.get(familiesPortalParams.token)),
      inviteToken: nonEmpty(params.get(inviteTokenParam)),
      redirectURL: params.get(familiesPortalParams.redirectURL),
    };
  });

  useEffect(() => {
    if (search !== "") void navigate("/family", { replace: true });
  }, [search, navigate]);

  const client = useMemo(() => {
    // The token of the link, or one fetched once with the session.
    const held = { familiesToken: link.familiesToken };
    const sessionToken = () => localStore.get("user")?.token;
    return createFamilyClient({
      apiOrigin: config.apiOrigin,
      fetch: (url, init) => fetch(url, init),
      sessionToken,
      // Opened without a token (e.g. reloaded, or typed in) by a logged-in
      // user: the session gets a fresh one.
      familiesToken: async () => {
        if (held.familiesToken === undefined && sessionToken() !== undefined) {
          const api = createApiClient({
            apiOrigin: config.apiOrigin,
            clientPackage: photosClientPackage(),
            fetch: (url, init) => fetch(url, init),
            getAuthToken: sessionToken,
          });
          held.familiesToken = (await api.call(getFamiliesToken)).familiesToken;
        }
        return held.familiesToken;
      },
    });
  }, [config.apiOrigin, link.familiesToken]);

  // Only a photos URL is a way back. Without one, the gallery.
  const backURL =
    trustedReturnURL(link.redirectURL, [config.apps.photos]) ??
    new URL("/gallery", config.apps.photos).toString();

  return (
    <AccountCard
      titleId="family.title"
      wide
      footer={
        <a href={backURL} className={buttonClassName({ variant: "secondary" })}>
          <FormattedMessage id="family.back" />
        </a>
      }
    >
      {link.inviteToken !== undefined ? (
        <FamilyInvite client={client} inviteToken={link.inviteToken} />
      ) : (
        <FamilyManager
          client={client}
          callerEmail={localStore.get("user")?.email}
          hasSession={localStore.get("user")?.token !== undefined}
        />
      )}
    </AccountCard>
  );
}
