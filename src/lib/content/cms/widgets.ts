/** The widget the CMS page registers for fields shown but never changed (src/cms/fixed-widget.ts). */
export const FIXED_WIDGET = 'fixed';
/** The widget of a calendar day typed or picked as it is meant (src/cms/date-widget.ts). */
export const CALENDAR_DATE_WIDGET = 'calendar-date';
/** A picture's file: Decap's image widget that tells its alt text when the picture is replaced (src/cms/picture-alt.ts). */
export const PICTURE_WIDGET = 'picture';
/** A picture's alt text, emptied and flagged when the picture beside it is replaced (src/cms/picture-alt.ts). */
export const ALT_TEXT_WIDGET = 'alt-text';
