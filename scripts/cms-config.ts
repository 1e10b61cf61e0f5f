// `npm run cms:config`: prints the CMS's configuration as YAML, as the build generates it from the
// content schemas and gives it to the CMS page (src/integrations/cms.ts; src/lib/content/cms/config.ts
// says how), to read what editors are offered.
// `npm run cms:config -- --format` also rewrites the content files the way the CMS writes them
// (src/lib/content/cms/formats.ts), which tests/content/cms-config.test.ts asks for when a file was
// edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cmsConfigText, contentFiles, formattedContent } from '../src/lib/content/cms/files.ts';

const { values } = parseArgs({ options: { format: { type: 'boolean', default: false } } });
console.log(cmsConfigText());
if (values.format) {
  for (const file of contentFiles()) {
    const text = readFileSync(file.path, 'utf8');
    const formatted = formattedContent(file, text);
    if (formatted === text) continue;
    writeFileSync(file.path, formatted);
    console.log(`Formatted ${file.path}`);
  }
}
