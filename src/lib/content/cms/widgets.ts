/** The widget the CMS page registers for fields shown but never changed (src/cms/fixed-widget.ts). */
export const FIXED_WIDGET = 'fixed';
