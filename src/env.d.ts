// Imports that Vite plugins of this project answer.

/** An entry bundled into one minified inline script (src/integrations/inline-scripts.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}

/** The country list, sorted when the site is built (src/integrations/build-time-values.ts). */
declare module '*/iso-country-names.ts?values' {
  export const ISO_COUNTRY_NAMES: readonly string[];
}
