import { FormattedMessage, useIntl } from "react-intl";
import { Link, Navigate } from "react-router";
import { homePaths } from "../account-screens/login/home-path";
import { useAppDefinition, type LandingAction } from "../app/app-definition";
import { CairnMark } from "../brand/CairnMark";
import { LockIcon } from "../brand/icons";
import { LanguagePicker } from "../i18n/LanguagePicker";
import type { MessageId } from "../i18n/messages";
import { useDocumentTitle } from "../shell/document-title";
import { useNavBarVisibility } from "../shell/nav-bar-state";
import { isLoggedIn } from "../storage/local-store";
import { ThemeSwitch } from "../theme/ThemeSwitch";
import { buttonClassName, type ButtonVariant } from "../ui/Button";
import "./pages.css";

const actionLinks: Record<
  LandingAction,
  { to: string; labelId: MessageId; variant: ButtonVariant }
> = {
  signup: { to: "/signup", labelId: "action.signUp", variant: "accent" },
  login: { to: "/login", labelId: "action.logIn", variant: "secondary" },
};

/**
 * The root route of each app (spec §2: where a logout lands): the product,
 * what it is for, the way in, and the language and theme controls. In the
 * photos app a logged-in person has nothing to do here and goes on to the
 * gallery (which itself handles a session that has ended). The accounts app
 * keeps its landing: its passkeys page falls back to the root when the
 * session it was handed is gone, which must not bounce back.
 */
export function LandingPage() {
  const intl = useIntl();
  const app = useAppDefinition();
  useDocumentTitle(undefined);
  // The landing page is its own header.
  useNavBarVisibility(false);

  if (app.name === "photos" && isLoggedIn()) {
    return <Navigate to={homePaths.photos} replace />;
  }
  return (
    <div className="cairn-landing">
      <div className="cairn-landing__glow" aria-hidden="true" />
      <section className="cairn-landing__hero" aria-labelledby="cairn-landing-title">
        <CairnMark size={72} className="cairn-landing__mark" />
        <p className="cairn-landing__badge">
          <LockIcon size={14} />
          <FormattedMessage id="landing.badge" />
        </p>
        <h1 id="cairn-landing-title" className="cairn-landing__title">
          {intl.formatMessage({ id: app.nameId })}
        </h1>
        <p className="cairn-landing__tagline">
          <FormattedMessage id={app.taglineId} />
        </p>
        {app.landingActions.length > 0 && (
          <div className="cairn-landing__actions">
            {app.landingActions.map((action) => {
              const { to, labelId, variant } = actionLinks[action];
              return (
                <Link key={action} to={to} className={buttonClassName({ variant, size: "large" })}>
                  <FormattedMessage id={labelId} />
                </Link>
              );
            })}
          </div>
        )}
        <p className="cairn-landing__note">
          <FormattedMessage id="landing.privacyNote" />
        </p>
      </section>
      <footer className="cairn-landing__footer">
        <LanguagePicker />
        <ThemeSwitch />
      </footer>
    </div>
  );
}
