import { useAtom } from "jotai";
import { useIntl } from "react-intl";
import { MoonIcon, SunIcon } from "../brand/icons";
import { themeAtom } from "./theme-state";
import "./ThemeSwitch.css";

/** Two toggle buttons, Light and Dark; the pressed one is the active theme. */
export function ThemeSwitch() {
  const intl = useIntl();
  const [theme, setTheme] = useAtom(themeAtom);
  const options = [
    { value: "light", label: intl.formatMessage({ id: "shell.theme.light" }), Icon: SunIcon },
    { value: "dark", label: intl.formatMessage({ id: "shell.theme.dark" }), Icon: MoonIcon },
  ] as const;
  return (
    <div
      className="cairn-theme-switch"
      role="group"
      aria-label={intl.formatMessage({ id: "shell.theme" })}
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          className="cairn-theme-switch__option"
          aria-pressed={theme === value}
          aria-label={label}
          title={label}
          onClick={() => {
            setTheme(value);
          }}
        >
          <Icon size={18} />
        </button>
      ))}
    </div>
  );
}
