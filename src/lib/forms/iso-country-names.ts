// The signup and profile country list: the English names of ISO 3166-1 from the maintained
// i18n-iso-countries package (docs/product-decisions.md: not typed by hand), sorted for a select that finds a
// country as the visitor types. Only the English names file is imported, never the package's
// registry of every language.
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** A country's official English name (the package lists it first when it has several). */
const officialName = (names: string | string[]): string => (Array.isArray(names) ? names[0]! : names);

/** Every ISO 3166-1 country in English, sorted alphabetically. */
export const ISO_COUNTRY_NAMES: readonly string[] = Object.values(english.countries as Record<string, string | string[]>)
  .map(officialName)
  .sort((a, b) => a.localeCompare(b, 'en'));
