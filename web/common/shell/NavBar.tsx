import { useIntl } from "react-intl";
import { Link } from "react-router";
import { useAppDefinition } from "../app/app-definition";
import { CairnMark } from "../brand/CairnMark";
import { LanguagePicker } from "../i18n/LanguagePicker";
import { ThemeSwitch } from "../theme/ThemeSwitch";

/** The bar at the top of every screen: the app's name, the language and theme controls. */
export function NavBar() {
  const intl = useIntl();
  const app = useAppDefinition();
  return (
    <header className="cairn-nav-bar">
      <nav
        className="cairn-nav-bar__inner"
        aria-label={intl.formatMessage({ id: "shell.navigation" })}
      >
        <Link
          to="/"
          className="cairn-nav-bar__brand"
          aria-label={intl.formatMessage({ id: "shell.home" })}
        >
          <CairnMark size={28} />
          <span className="cairn-nav-bar__name">{intl.formatMessage({ id: app.nameId })}</span>
        </Link>
        <div className="cairn-nav-bar__controls">
          <LanguagePicker />
          <ThemeSwitch />
        </div>
      </nav>
    </header>
  );
}
