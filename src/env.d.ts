// Imports that Vite plugins of this project answer.

/** An entry bundled into one minified inline script (src/integrations/inline-scripts.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
