// The content editor's imports that carry no types of their own.
declare module 'decap-cms-app' {
  const CMS: {
    init(options: { config: Record<string, unknown> }): void;
    registerCustomFormat(name: string, extension: string, format: unknown): void;
    registerWidget(name: string, control: unknown, preview?: unknown): void;
    registerPreviewStyle(url: string): void;
    registerPreviewTemplate(collection: string, template: unknown): void;
  };
  export default CMS;
}

/** The configuration's text, embedded by esbuild (src/integrations/cms.ts). */
declare module '*.yml' {
  const text: string;
  export default text;
}
