// `npm run cms:config`: writes the CMS's configuration, src/cms/config.yml, from the content
// schemas (src/lib/content/cms/config.ts says how). Run it after changing a schema or
// src/lib/content/cms/collections.ts; tests/content/cms-config.test.ts fails until the file is current.
// `npm run cms:config -- --format` also rewrites the content files the way the CMS writes them
// (src/lib/content/cms/formats.ts), which the same test asks for when a file was edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CMS_CONFIG_PATH, cmsConfigText, contentFiles, formattedContent } from '../src/lib/content/cms/files.ts';

const { values } = parseArgs({ options: { format: { type: 'boolean', default: false } } });
writeFileSync(CMS_CONFIG_PATH, cmsConfigText());
console.log(`Wrote ${CMS_CONFIG_PATH}`);
if (values.format) {
  for (const file of contentFiles()) {
    const text = readFileSync(file.path, 'utf8');
    const formatted = formattedContent(file, text);
    if (formatted === text) continue;
    writeFileSync(file.path, formatted);
    console.log(`Formatted ${file.path}`);
  }
}
