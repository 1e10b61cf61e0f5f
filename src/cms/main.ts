// The CMS page's script (/cms/, built by src/integrations/cms.ts): Decap CMS with the site's file
// formats, the widget for fields that never change, the previews, and its configuration:
// ./config.yml, generated from the content schemas (src/lib/content/cms/config.ts) and embedded
// here (no second request, and no host's idea of a .yml file's type), with the parts that depend
// on the deployment added.
import CMS from 'decap-cms-app';
import { en } from 'decap-cms-locales';
import { parse } from 'yaml';
import configText from './config.yml';
import { CMS_COLLECTIONS } from '../lib/content/cms/collections.ts';
import { formatName, formatOf } from '../lib/content/cms/formats.ts';
import { FIXED_WIDGET } from '../lib/content/cms/widgets.ts';
import { FixedControl, FixedPreview } from './fixed-widget.ts';
import { guardPictureUploads } from './picture-guard.ts';
import { NewsPreview, SettingsPreview, VisaPreview } from './previews.ts';

/** What the build knows about the deployment (src/integrations/cms.ts). */
declare const __CMS_SETTINGS__: {
  /** The GitHub repository editors save to (owner/name), when the build was given one. */
  repo: string | undefined;
  /** decap-server's API on the editor's machine (`npm start`); used only on localhost. */
  localBackendUrl: string;
  /**
   * The site's origin: the sign-in popup (/cms/oauth, auth_endpoint in config.yml) is opened there,
   * and Decap takes the signed-in token only from a window of exactly this origin.
   */
  siteUrl: string;
  /** The site's stylesheet for the preview pane. */
  previewStyle: string;
};
const settings = __CMS_SETTINGS__;

for (const collection of CMS_COLLECTIONS) {
  CMS.registerCustomFormat(formatName(collection), collection.kind === 'folder' ? 'mdx' : 'json', formatOf(collection));
}
CMS.registerWidget(FIXED_WIDGET, FixedControl, FixedPreview);
CMS.registerPreviewStyle(settings.previewStyle);
CMS.registerPreviewTemplate('news', NewsPreview);
CMS.registerPreviewTemplate('visas', VisaPreview);
CMS.registerPreviewTemplate('settings', SettingsPreview);
guardPictureUploads();

// A field's pattern message is a whole sentence in the editor's words (src/lib/content/cms/config.ts);
// Decap's own wrapper ("Title didn't match the pattern: …." with a second full stop) goes.
const editor = en['editor'] as Record<string, Record<string, Record<string, string>>>;
CMS.registerLocale('en', {
  ...en,
  editor: { ...editor, editorControlPane: { ...editor['editorControlPane'], widget: { ...editor['editorControlPane']!['widget'], regexPattern: '%{fieldLabel}: %{pattern}' } } },
});

const config = parse(configText) as { backend: Record<string, unknown> } & Record<string, unknown>;
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
