// A photo's place as the info panel writes it: "Lisbon, Portugal", the
// country named in the user's language by the platform (`Intl.DisplayNames`).

/** The country's name in `locale`, or its code when the platform has none. */
export const countryDisplayName = (countryCode: string, locale: string): string => {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
};

export const placeLabel = (
  place: { cityName?: string | undefined; countryCode: string },
  locale: string,
  cityInCountry: (city: string, country: string) => string,
): string => {
  const country = countryDisplayName(place.countryCode, locale);
  return place.cityName === undefined ? country : cityInCountry(place.cityName, country);
};
