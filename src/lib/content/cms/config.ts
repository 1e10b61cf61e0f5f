// The CMS's configuration (what Decap CMS reads as config.yml), generated from the zod schemas and
// the registry of collections (../collections.ts), so the rules are written once: a field's type,
// whether it is required, its lengths, pattern, allowed values and limits all come from the
// schema, read through zod's JSON Schema (z.toJSONSchema), in the schema's key order; the
// registry's hints are prose, and the limits are added to them from the schema. What a CMS field
// cannot check (a refinement such as "one email address") the build still refuses. The build
// gives the result to the CMS page (src/integrations/cms.ts), which adds the parts that depend on
// the deployment (the repository, the sign-in function, the local server's port: src/cms/main.ts).
import { z } from 'astro/zod';
import { COLLECTION_LIST, type CmsCollection, type FieldText } from '../collections.ts';
import { formatName } from './formats.ts';
import { ALT_TEXT_WIDGET, CALENDAR_DATE_WIDGET, FIXED_WIDGET, PICTURE_WIDGET } from './widgets.ts';

/** A Decap field: plain data, written to YAML as it is. */
export type CmsField = Record<string, unknown> & { name: string; label: string; widget: string };

/** Texts that must be at least this long, or may be longer than this, get a multi-line box. */
const LONG_TEXT = { min: 20, max: 160 };

/** The part of a JSON Schema the configuration reads. */
interface Json {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  contentMediaType?: string;
  /** A date's bounds (schemas.ts, publicationDate). */
  formatMinimum?: string;
  formatMaximum?: string;
}

/** The stand-in image() helper: a picture is a string whose JSON Schema says it holds an image. */
const IMAGE = () => z.string().meta({ contentMediaType: 'image/*' });

/** A collection's schema as JSON Schema, as an editor's input is read (a defaulted field may be left out). */
function jsonSchemaOf(collection: CmsCollection): Json {
  return z.toJSONSchema(collection.schema(IMAGE), { io: 'input', unrepresentable: 'any' }) as Json;
}

/** The path of a field in the table of texts: `image.alt`, a list's items under the list's name. */
type Path = string;

interface Context {
  collection: CmsCollection;
}

function textFor(context: Context, path: Path): FieldText {
  const text = context.collection.fields[path];
  if (!text) throw new Error(`src/lib/content/collections.ts: no label and hint for ${context.collection.name}.${path}`);
  return text;
}

/** A count as words: "1 to 12", "at least 3", "exactly 3", "at most 80". */
function range(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}` : `${min} to ${max}`;
  if (min !== undefined && min > 0) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return undefined;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** The limits a field's schema sets, as a sentence for its hint ("3 to 80 characters."). */
function limitsText(json: Json): string | undefined {
  if (json.type === 'string' && json.format === 'date' && json.formatMinimum && json.formatMaximum) {
    return `A day from ${json.formatMinimum.slice(0, 4)} to ${json.formatMaximum.slice(0, 4)}.`;
  }
  const items = range(json.minItems, json.maxItems);
  if (json.type === 'array' && items) {
    const each = json.items && json.items.type === 'string' ? range(json.items.minLength, json.items.maxLength) : undefined;
    const one = (json.maxItems ?? json.minItems) === 1;
    return sentence(`${items} item${one ? '' : 's'}${each ? `, each ${each} characters` : ''}`);
  }
  const characters = range(json.minLength, json.maxLength);
  if (json.type === 'string' && characters && !json.format) return sentence(`${characters} characters`);
  return undefined;
}

/** The hint under a field: the registry's prose, then the schema's limits. */
function hintFor(text: FieldText, json: Json): string {
  const limits = limitsText(json);
  return limits ? `${text.hint} ${limits}` : text.hint;
}

/** The message the schema gives a value that does not match its pattern (zod's own check, run on a value no pattern here allows). */
function patternMessage(schema: z.ZodType | undefined): string | undefined {
  const result = schema?.safeParse('\u0000');
  return result?.error?.issues.find((issue) => issue.code === 'invalid_format')?.message;
}

/** Length limits and a pattern as one regular expression (a Decap field takes one), with its message. */
function stringPattern(json: Json, schema: z.ZodType | undefined): [string, string] | undefined {
  const { minLength: min, maxLength: max } = json;
  let regex = json.pattern;
  let regexMessage = regex ? patternMessage(schema) : undefined;
  if (json.format === 'uri') {
    regex = '^https?:\\/\\/\\S+$';
    regexMessage = 'must be a web address starting with https://';
  }
  const lengthMessage = range(min, max);
  const length = lengthMessage ? `[\\s\\S]{${min ?? 0},${max ?? ''}}` : undefined;
  if (!regex && !length) return undefined;
  if (!regex) return [`^${length}$`, `Must be ${lengthMessage} characters.`];
  const source = length ? `^(?=${length}$)(?:${regex})` : regex;
  const message = [regexMessage ?? `must match ${regex}`, lengthMessage && `${lengthMessage} characters`].filter(Boolean).join('; ');
  return [source, sentence(message)];
}

/** The field of a list item shown as its summary: the first of these the item has. */
function summaryField(properties: Record<string, Json>): string | undefined {
  return ['name', 'title', 'question', 'placeName', 'caption', 'label'].find((key) => key in properties);
}

/** The zod schema inside optional() and default(), through their public unwrap(). */
function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** A child's zod schema: an object's field or a list's item (for a pattern's message only). */
function childSchema(schema: z.ZodType | undefined, name?: string): z.ZodType | undefined {
  const inner = unwrapped(schema);
  if (name !== undefined) return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>)[name] : undefined;
  return inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
}

/** The picture field among an object's properties, whose `alt` sibling describes it. */
const isPicture = (json: Json) => json.contentMediaType === 'image/*';

/**
 * The Decap field of one schema field (`name` may be a list item's, then `path` is the list's);
 * `altText` when it is the `alt` beside a picture, which is emptied when the picture is replaced.
 */
function field(context: Context, name: string, path: Path, json: Json, required: boolean, schema: z.ZodType | undefined, altText = false): CmsField {
  const text = textFor(context, path);
  const base = { name, label: text.label, hint: hintFor(text, json) };
  const optional = { ...(required ? {} : { required: false }), ...(json.default === undefined ? {} : { default: json.default }) };
  const fixed = context.collection.fixed?.includes(path);

  if (isPicture(json)) {
    return { ...base, widget: PICTURE_WIDGET, ...optional, choose_url: false };
  }
  if (json.type === 'string' && json.format === 'date' && json.formatMinimum && json.formatMaximum) {
    // A day in Lagos as the files write it (2024-09-18), never a timestamp, within the schema's years.
    return { ...base, widget: CALENDAR_DATE_WIDGET, ...optional, min: json.formatMinimum, max: json.formatMaximum };
  }
  if (json.enum) {
    return fixed ? { ...base, widget: FIXED_WIDGET, ...optional } : { ...base, widget: 'select', ...optional, options: json.enum };
  }
  switch (json.type) {
    case 'string': {
      const pattern = stringPattern(json, unwrapped(schema));
      const long = (json.minLength ?? 0) >= LONG_TEXT.min || (json.maxLength ?? 0) > LONG_TEXT.max;
      const widget = fixed ? FIXED_WIDGET : altText ? ALT_TEXT_WIDGET : long ? 'text' : 'string';
      return { ...base, widget, ...optional, ...(pattern ? { pattern } : {}) };
    }
    case 'integer':
    case 'number': {
      const min = json.minimum !== undefined && json.minimum > Number.MIN_SAFE_INTEGER ? json.minimum : undefined;
      const max = json.maximum !== undefined && json.maximum < Number.MAX_SAFE_INTEGER ? json.maximum : undefined;
      return {
        ...base,
        widget: fixed ? FIXED_WIDGET : 'number',
        ...optional,
        value_type: json.type === 'integer' ? 'int' : 'float',
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      };
    }
    case 'boolean':
      return { ...base, widget: 'boolean', ...optional };
    case 'object':
      return { ...base, widget: 'object', ...optional, collapsed: false, fields: fields(context, json, path, unwrapped(schema)) };
    case 'array': {
      const element = json.items ?? {};
      const limits = { ...(json.minItems === undefined ? {} : { min: json.minItems }), ...(json.maxItems === undefined ? {} : { max: json.maxItems }) };
      const relation = context.collection.relations?.[path];
      if (relation) {
        return {
          ...base,
          widget: 'relation',
          ...optional,
          collection: relation.collection,
          value_field: relation.field,
          search_fields: [relation.field],
          display_fields: [relation.field],
          multiple: true,
          ...limits,
        };
      }
      const growable = !context.collection.fixed?.includes(path);
      if (element.type === 'object' && element.properties) {
        const summary = summaryField(element.properties);
        return {
          ...base,
          widget: 'list',
          ...optional,
          ...limits,
          ...(growable ? {} : { allow_add: false, allow_remove: false }),
          ...(summary ? { summary: `{{fields.${summary}}}` } : {}),
          collapsed: true,
          fields: fields(context, element, path, childSchema(schema)),
        };
      }
      const { hint: _hint, ...item } = field(context, 'item', path, element, true, childSchema(schema));
      // A collapsed item shows its own text, not the list's label on every row.
      return { ...base, widget: 'list', ...optional, ...limits, summary: '{{fields.item}}', field: { ...item, label: text.label } };
    }
    default:
      throw new Error(`src/lib/content/cms/config.ts: ${context.collection.name}.${path} is a ${json.type ?? 'value of no JSON type'}, which the CMS configuration does not know yet`);
  }
}

/** The Decap fields of an object's properties, in the schema's key order, less the hidden ones. */
function fields(context: Context, json: Json, prefix = '', schema?: z.ZodType): CmsField[] {
  const required = new Set(json.required ?? []);
  const pictured = Object.values(json.properties ?? {}).some(isPicture);
  return Object.entries(json.properties ?? {})
    .map(([name, property]) => [name, prefix ? `${prefix}.${name}` : name, property] as const)
    .filter(([, path]) => !context.collection.hidden?.includes(path))
    .map(([name, path, property]) => field(context, name, path, property, required.has(name), childSchema(schema, name), pictured && name === 'alt'));
}

/** One collection's Decap configuration. */
function collectionConfig(collection: CmsCollection): Record<string, unknown> {
  const context = { collection };
  const json = jsonSchemaOf(collection);
  const schema = collection.schema(IMAGE);
  const common = { name: collection.name, label: collection.label, label_singular: collection.labelSingular, description: collection.description };
  switch (collection.kind) {
    case 'folder':
      return {
        ...common,
        folder: `content/${collection.folder}`,
        extension: 'mdx',
        format: formatName(collection),
        create: collection.create,
        delete: collection.delete,
        identifier_field: collection.identifier,
        slug: '{{slug}}',
        summary: collection.listSummary ?? `{{${collection.identifier}}}`,
        ...(collection.sortBy
          ? { sortable_fields: [{ field: collection.sortBy.field, default_sort: collection.sortBy.direction }, collection.identifier] }
          : {}),
        ...(collection.previewPath ? { preview_path: collection.previewPath } : {}),
        // Pictures go beside the others of the collection and are written as Astro's image() reads
        // them: relative to the entry's file (../images/news/picture.webp). The folder is given from
        // the repository's root: a relative one means "beside the entry's file", which a new entry
        // does not have yet, so its media library listed nothing.
        ...(collection.images ? { media_folder: `/content/images/${collection.images}`, public_folder: `../images/${collection.images}` } : {}),
        // The body is edited as the Markdown it is: the rich-text mode rewrites the whole body's
        // Markdown when one word changes (and an MDX file may hold what it cannot show).
        fields: [...fields(context, json, '', schema), { name: 'body', widget: 'markdown', required: false, modes: ['raw'], ...collection.body }],
      };
    case 'list': {
      const summary = summaryField(json.properties ?? {}) ?? collection.identifier;
      return {
        ...common,
        format: formatName(collection),
        extension: 'json',
        // Pictures of a JSON list are written relative to the file (./images/partners/logo.webp).
        ...(collection.images ? { media_folder: `images/${collection.images}`, public_folder: `./images/${collection.images}` } : {}),
        files: [
          {
            name: collection.name,
            label: collection.label,
            file: `content/${collection.file}`,
            fields: [
              {
                name: 'items',
                label: collection.label,
                label_singular: collection.labelSingular,
                widget: 'list',
                hint: collection.description,
                ...(collection.create ? {} : { allow_add: false, allow_remove: false, allow_reorder: false }),
                summary: `{{fields.${summary}}}`,
                collapsed: true,
                fields: fields(context, json, '', schema),
              },
            ],
          },
        ],
      };
    }
    case 'object':
      return {
        ...common,
        format: formatName(collection),
        extension: 'json',
        files: [{ name: collection.name, label: collection.label, file: `content/${collection.file}`, fields: fields(context, json, '', schema) }],
      };
  }
}

/**
 * The whole configuration. Sign-in goes through the repository host (GitHub): Decap opens the
 * site's own sign-in page /cms/oauth in a popup (base_url is the site's origin, which the CMS page
 * adds with the repository and the local server's address: src/cms/main.ts), and that page and
 * /cms/oauth-callback have the Edge Function cms-oauth do the exchange (docs/deploy.md).
 */
export function cmsConfig(collections: CmsCollection[] = COLLECTION_LIST): Record<string, unknown> {
  return {
    backend: { name: 'github', branch: 'main', auth_endpoint: 'cms/oauth', squash_merges: true },
    // Changes go through draft, in review and ready (a branch and a pull request each) before they
    // are published; the local server (decap-server) saves straight to the working copy instead.
    publish_mode: 'editorial_workflow',
    local_backend: true,
    media_folder: 'content/images',
    public_folder: '../images',
    show_preview_links: true,
    collections: collections.map(collectionConfig),
  };
}
