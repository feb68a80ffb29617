import { useAtom } from "jotai";
import { useId } from "react";
import { useIntl } from "react-intl";
import { GlobeIcon } from "../brand/icons";
import { localeAtom } from "./locale-state";
import { isSupportedLocale, localeInfo, supportedLocales } from "./locales";
import "./LanguagePicker.css";

/** Choose the language of the app; each language is listed in its own name. */
export function LanguagePicker() {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  const id = useId();
  return (
    <div className="cairn-language-picker">
      <label htmlFor={id} className="cairn-visually-hidden">
        {intl.formatMessage({ id: "shell.language" })}
      </label>
      <GlobeIcon className="cairn-language-picker__icon" />
      <select
        id={id}
        className="cairn-language-picker__select"
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isSupportedLocale(chosen)) setLocale(chosen);
        }}
      >
        {supportedLocales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeInfo[l].nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
