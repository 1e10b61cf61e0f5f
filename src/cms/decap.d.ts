// The content editor's imports that carry no types of their own.
declare module 'decap-cms-app' {
  const CMS: {
    init(options: { config: Record<string, unknown> }): void;
    registerCustomFormat(name: string, extension: string, format: unknown): void;
    registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void;
    /** A registered widget: its control, its preview and the schema of its options. */
    getWidget(name: string): { control: unknown; preview?: unknown; schema?: unknown } | undefined;
    registerPreviewStyle(url: string): void;
    registerPreviewTemplate(collection: string, template: unknown): void;
    registerLocale(name: string, phrases: Record<string, unknown>): void;
    registerEventListener(listener: { name: string; handler: (event: unknown) => unknown }): void;
  };
  export default CMS;
}

/** Decap's interface texts (the version decap-cms-app pins), of which src/cms/main.ts changes one. */
declare module 'decap-cms-locales' {
  interface Phrases {
    [key: string]: string | Phrases;
  }
  export const en: Phrases;
}
