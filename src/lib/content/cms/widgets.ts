/** The widget the CMS page registers for fields shown but never changed (src/cms/fixed-widget.ts). */
export const FIXED_WIDGET = 'fixed';
/** The widget of a calendar day typed or picked as it is meant (src/cms/date-widget.ts). */
export const CALENDAR_DATE_WIDGET = 'calendar-date';
