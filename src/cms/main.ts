// The CMS page's script (/cms/, built by src/integrations/cms.ts): Decap CMS with the site's file
// formats, the widgets for fields that never change and for dates, the previews, the publish
// status, and its configuration: generated from the content schemas (src/lib/content/cms/config.ts)
// by the build and embedded here as data (no file to keep in step, no second request), with the
// parts that depend on the deployment added.
import CMS from 'decap-cms-app';
import { en } from 'decap-cms-locales';
import { COLLECTION_LIST } from '../lib/content/collections.ts';
import { formatName, formatOf } from '../lib/content/cms/formats.ts';
import { ALT_TEXT_WIDGET, CALENDAR_DATE_WIDGET, FIXED_WIDGET, PICTURE_WIDGET } from '../lib/content/cms/widgets.ts';
import { CalendarDateControl, CalendarDatePreview } from './date-widget.ts';
import { FixedControl, FixedPreview } from './fixed-widget.ts';
import { reloadEntryOpenedByAddress, watchNewsList } from './news-list.ts';
import { AltTextControl, PictureControl } from './picture-alt.ts';
import { guardPictureUploads } from './picture-guard.ts';
import { notePublished, showPublishStatus } from './publish-status.ts';
import { NewsPreview, SettingsPreview, VisaPreview } from './previews.ts';

/** What the build knows about the deployment (src/integrations/cms.ts). */
declare const __CMS_SETTINGS__: {
  /** The GitHub repository editors save to (owner/name), when the build was given one. */
  repo: string | undefined;
  /** decap-server's API on the editor's machine (`npm start`); used only on localhost. */
  localBackendUrl: string;
  /**
   * The site's origin: the sign-in popup (/cms/oauth, auth_endpoint in the configuration) is opened there,
   * and Decap takes the signed-in token only from a window of exactly this origin.
   */
  siteUrl: string;
  /** The site's stylesheet for the preview pane. */
  previewStyle: string;
  /** Where the last build's result is read (src/lib/content/cms/publish-status.ts), when known. */
  publishStatusUrl: string | undefined;
};
/** The configuration, from the content schemas (src/lib/content/cms/config.ts), written in by the build. */
declare const __CMS_CONFIG__: { backend: Record<string, unknown> } & Record<string, unknown>;
const settings = __CMS_SETTINGS__;

for (const collection of COLLECTION_LIST) {
  CMS.registerCustomFormat(formatName(collection), collection.kind === 'folder' ? 'mdx' : 'json', formatOf(collection));
}
CMS.registerWidget(FIXED_WIDGET, FixedControl, FixedPreview);
CMS.registerWidget(CALENDAR_DATE_WIDGET, CalendarDateControl, CalendarDatePreview);
// A picture and its alt text: the alt text is emptied when the picture is replaced.
const image = CMS.getWidget('image')!;
CMS.registerWidget(PICTURE_WIDGET, PictureControl, image.preview, image.schema);
CMS.registerWidget(ALT_TEXT_WIDGET, AltTextControl, CMS.getWidget('string')!.preview);
CMS.registerPreviewStyle(settings.previewStyle);
CMS.registerPreviewTemplate('news', NewsPreview);
CMS.registerPreviewTemplate('visas', VisaPreview);
CMS.registerPreviewTemplate('settings', SettingsPreview);
guardPictureUploads();

// A field's pattern message is a whole sentence in the editor's words (src/lib/content/cms/config.ts);
// Decap's own wrapper ("Title didn't match the pattern: …." with a second full stop) goes.
// Saving is not publishing: the site changes when the build that follows succeeds, which the
// publish status says. So a saved entry (a draft too) reads "Saved", never "Published".
const editor = en['editor'] as Record<string, Record<string, Record<string, string>>>;
const ui = en['ui'] as Record<string, Record<string, string>>;
CMS.registerLocale('en', {
  ...en,
  editor: {
    ...editor,
    editorControlPane: { ...editor['editorControlPane'], widget: { ...editor['editorControlPane']!['widget'], regexPattern: '%{fieldLabel}: %{pattern}' } },
    editorToolbar: { ...editor['editorToolbar'], published: 'Saved' },
  },
  ui: { ...ui, toast: { ...ui['toast'], entryPublished: 'Entry saved: the site is rebuilt now (see the publish status at the foot of the page)' } },
});

const config = __CMS_CONFIG__;
CMS.init({
  config: {
    ...config,
    load_config_file: false,
    backend: { ...config.backend, ...(settings.repo ? { repo: settings.repo } : {}), base_url: settings.siteUrl },
    local_backend: { url: settings.localBackendUrl },
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
  },
});

CMS.registerEventListener({ name: 'postPublish', handler: () => notePublished() });
if (settings.publishStatusUrl) showPublishStatus(settings.publishStatusUrl);
watchNewsList();
reloadEntryOpenedByAddress();
