// The settings' "About": the credits of the data the app ships, as their
// licences ask (GeoNames: CC BY 4.0; Natural Earth: a courtesy credit).

import { FormattedMessage } from "react-intl";
import { placesAttribution } from "../../../../shared/model/search/places-attribution";
import type { MessageId } from "../../../common/i18n/messages";

const creditMessages: Readonly<Record<string, MessageId>> = {
  GeoNames: "gallery.settings.credits.places",
  "Natural Earth": "gallery.settings.credits.countries",
};

const link = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

export function AboutSection() {
  return (
    <ul className="cairn-settings__credits" data-testid="settings-credits">
      {placesAttribution.map((source) => {
        const message = creditMessages[source.name];
        if (message === undefined) return null;
        return (
          <li key={source.name}>
            <FormattedMessage
              id={message}
              values={{
                source: link(source.url, source.name),
                licence:
                  source.licenceURL === undefined
                    ? source.licence
                    : link(source.licenceURL, source.licence),
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
