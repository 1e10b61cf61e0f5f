// How the CMS reads and writes the content files, registered in the CMS page as custom formats
// (src/cms/main.ts), one a collection, and used by `npm run cms:config -- --format` and the tests on
// the files as they are shipped. One writer for both means that saving an entry in the CMS changes
// the lines the editor changed and no other byte: the shipped files are written the way the CMS
// writes them.
//
// - Keys are written in the schema's order, at every depth, fields the CMS does not offer
//   included (Decap keeps an entry's data in maps that do not remember the file's order).
// - MDX: a YAML frontmatter block (never folded), a blank line, then the body; the file ends with
//   a newline.
// - JSON: two-space indented, ending with a newline. A list file (faq.json...) is shown to the CMS
//   as `{ items: [...] }`, since a Decap entry is an object and these files are lists.
import { z } from 'astro/zod';
import { Document, parse } from 'yaml';
import type { CmsCollection } from '../collections.ts';

type Data = Record<string, unknown>;

/** A file format as Decap takes it. */
export interface CmsFormat {
  fromFile(text: string): Data;
  toFile(data: Data): string;
}

/** The name a collection's format is registered under (its `format` in the configuration). */
export const formatName = (collection: CmsCollection) => `bridgeway-${collection.name}`;

/** The value with its objects' keys in the schema's order (keys the schema does not name keep their place after those). */
export function inSchemaOrder(value: unknown, schema: z.ZodType): unknown {
  let inner: unknown = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap();
  if (inner instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => inSchemaOrder(item, inner.element as z.ZodType));
  if (!(inner instanceof z.ZodObject) || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const shape = inner.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const rank = (key: string) => (keys.includes(key) ? keys.indexOf(key) : keys.length);
  return Object.fromEntries(
    Object.entries(value as Data)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, item]) => [key, shape[key] ? inSchemaOrder(item, shape[key]) : item]),
  );
}

const FRONTMATTER = /^---\n([\s\S]*?)^---\n(?:\n)?([\s\S]*)$/m;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The format of a collection's files, its keys in the order of the collection's schema. */
export function formatOf(collection: CmsCollection): CmsFormat {
  // Pictures are plain paths here: only the key order is read from the schema.
  const schema = collection.schema(() => z.string());
  switch (collection.kind) {
    case 'folder':
      return {
        fromFile(text) {
          const match = FRONTMATTER.exec(text);
          if (!match || match.index !== 0) throw new Error('The file does not start with a frontmatter block between two --- lines.');
          return { ...(parse(match[1] ?? '') as Data | null), body: match[2] ?? '' };
        },
        toFile(data) {
          const { body, ...fields } = data;
          const yaml = new Document(inSchemaOrder(fields, schema)).toString({ lineWidth: 0 });
          const text = typeof body === 'string' ? body : '';
          return `---\n${yaml}---\n${text === '' ? '' : `\n${text.endsWith('\n') ? text : `${text}\n`}`}`;
        },
      };
    case 'list':
      return {
        fromFile: (text) => ({ items: JSON.parse(text) as unknown }),
        toFile: (data) => json(inSchemaOrder(data['items'] ?? [], z.array(schema))),
      };
    case 'object':
      return {
        fromFile: (text) => JSON.parse(text) as Data,
        toFile: (data) => json(inSchemaOrder(data, schema)),
      };
  }
}
