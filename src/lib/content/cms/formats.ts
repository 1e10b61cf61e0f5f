// How the CMS reads and writes the content files, registered in the CMS page as custom formats
// (src/cms/main.ts) and used by `npm run cms:config -- --format` and the tests on the files as they
// are shipped. One writer for both means that saving an entry in the CMS changes the lines the
// editor changed and no other byte: the shipped files are written the way the CMS writes them.
//
// - MDX: a YAML frontmatter block (never folded, keys in the collection's field order), a blank
//   line, then the body; the file ends with a newline.
// - JSON: two-space indented, ending with a newline. A list file (faq.json...) is shown to the CMS
//   as `{ items: [...] }`, since a Decap entry is an object and these files are lists.
import { Document, parse } from 'yaml';

/** The names the CMS knows the formats by (the collections' `format`). */
export const CMS_FORMATS = { frontmatter: 'mdx-frontmatter', list: 'json-list', object: 'json-object' } as const;

type Data = Record<string, unknown>;

/** The fields in the given key order (keys it does not name keep their place after those). */
function sortKeys(data: Data, keys: readonly string[]): Data {
  const rank = (key: string) => (keys.includes(key) ? keys.indexOf(key) : keys.length);
  return Object.fromEntries(Object.entries(data).sort(([a], [b]) => rank(a) - rank(b)));
}

const FRONTMATTER = /^---\n([\s\S]*?)^---\n(?:\n)?([\s\S]*)$/m;

export const frontmatterFormat = {
  fromFile(text: string): Data {
    const match = FRONTMATTER.exec(text);
    if (!match || match.index !== 0) throw new Error('The file does not start with a frontmatter block between two --- lines.');
    return { ...(parse(match[1] ?? '') as Data | null), body: match[2] ?? '' };
  },
  toFile(data: Data, sortedKeys: readonly string[] = []): string {
    const { body, ...fields } = data;
    const yaml = new Document(sortKeys(fields, sortedKeys)).toString({ lineWidth: 0 });
    const text = typeof body === 'string' ? body : '';
    return `---\n${yaml}---\n${text === '' ? '' : `\n${text.endsWith('\n') ? text : `${text}\n`}`}`;
  },
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const objectFormat = {
  fromFile: (text: string): Data => JSON.parse(text) as Data,
  toFile: (data: Data): string => json(data),
};

export const listFormat = {
  fromFile: (text: string): Data => ({ items: JSON.parse(text) as unknown }),
  toFile: (data: Data): string => json(data['items'] ?? []),
};

/** The writer of a content file by its name, for the tools that format the shipped files. */
export function formatOf(path: string): { fromFile(text: string): Data; toFile(data: Data): string } {
  if (path.endsWith('.mdx') || path.endsWith('.md')) return frontmatterFormat;
  if (path.endsWith('/site.json')) return objectFormat;
  return listFormat;
}
