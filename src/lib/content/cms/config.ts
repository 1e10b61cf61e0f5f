// The CMS's configuration (Decap CMS's config.yml), generated from the zod schemas and the table of
// ./collections.ts, so the rules are written once: a field's type, whether it is required, its
// lengths and pattern, its allowed values all come from the schema, in the schema's key order.
// What a CMS field cannot check (a refinement such as "one email address") the build still refuses.
// The parts that depend on the deployment (the repository, the sign-in function, the local
// server's port) are added by the CMS page itself (src/cms/main.ts), so this file is one for all.
import { z } from 'astro/zod';
import { calendarDate } from '../schemas.ts';
import { CMS_COLLECTIONS, type CmsCollection, type FieldText } from './collections.ts';
import { formatName } from './formats.ts';
import { FIXED_WIDGET } from './widgets.ts';


/** A Decap field: plain data, written to YAML as it is. */
export type CmsField = Record<string, unknown> & { name: string; label: string; widget: string };

/** Texts that must be at least this long, or may be longer than this, get a multi-line box. */
const LONG_TEXT = { min: 20, max: 160 };

/** What the stand-in image() helper returns: a field that is this schema is a picture upload. */
const IMAGE = z.string();

/** The path of a field in the table of texts: `image.alt`, a list's items under the list's name. */
type Path = string;

interface Context {
  collection: CmsCollection;
}

/** A check of zod's internal definition, as zod 4 stores it. */
interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: (issue: unknown) => unknown;
}

interface Def {
  type: string;
  checks?: { _zod: { def: Check } }[];
  innerType?: z.ZodType;
  defaultValue?: unknown;
  element?: z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
  format?: string;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType): Check[] => (defOf(schema).checks ?? []).map((check) => check._zod.def);

/** The message a check was given in the schema, if it was given one. */
function messageOf(check: Check): string | undefined {
  const message = check.error?.({});
  return typeof message === 'string' ? message : undefined;
}

function textFor(context: Context, path: Path): FieldText {
  const text = context.collection.fields[path];
  if (!text) throw new Error(`src/lib/content/cms/collections.ts: no label and hint for ${context.collection.name}.${path}`);
  return text;
}

/** Length limits and a pattern as one regular expression (a Decap field takes one), with its message. */
function stringPattern(schema: z.ZodType): [string, string] | undefined {
  let min: number | undefined;
  let max: number | undefined;
  let regex: RegExp | undefined;
  let regexMessage: string | undefined;
  const def = defOf(schema);
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = check.minimum;
    else if (check.check === 'max_length') max = check.maximum;
    else if (check.check === 'length_equals') min = max = check.length;
    else if (check.check === 'string_format' && check.format === 'regex' && check.pattern) {
      regex = check.pattern;
      regexMessage = messageOf(check);
    }
  }
  if (def.format === 'url') {
    regex = /^https?:\/\/\S+$/;
    regexMessage = 'must be a web address starting with https://';
  }
  const lengthMessage =
    min !== undefined && max !== undefined
      ? min === max
        ? `${min} characters`
        : `${min} to ${max} characters`
      : min !== undefined
        ? `at least ${min} characters`
        : max !== undefined
          ? `at most ${max} characters`
          : undefined;
  const length = lengthMessage ? `[\\s\\S]{${min ?? 0},${max ?? ''}}` : undefined;
  if (!regex && !length) return undefined;
  if (!regex) return [`^${length}$`, `Must be ${lengthMessage}.`];
  const source = length ? `^(?=${length}$)(?:${regex.source})` : regex.source;
  const message = [regexMessage ?? `must match ${regex.source}`, lengthMessage && `${lengthMessage}`].filter(Boolean).join('; ');
  return [source, `${message.charAt(0).toUpperCase()}${message.slice(1)}.`];
}

/** Count limits of a list as Decap's min and max. */
function listLimits(schema: z.ZodType): { min?: number | undefined; max?: number | undefined } {
  const limits: { min?: number | undefined; max?: number | undefined } = {};
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') limits.min = check.minimum;
    else if (check.check === 'max_length') limits.max = check.maximum;
    else if (check.check === 'length_equals') limits.min = limits.max = check.length;
  }
  return limits;
}

/** The field of a list item shown as its summary: the first of these the item has. */
function summaryField(shape: Record<string, z.ZodType>): string | undefined {
  return ['name', 'title', 'question', 'placeName', 'caption', 'label'].find((key) => key in shape);
}

/** The Decap field of one zod field (`name` may be a list item's, then `path` is the list's). */
function field(context: Context, name: string, path: Path, schema: z.ZodType): CmsField {
  const { label, hint } = textFor(context, path);
  const base = { name, label, hint };
  let def = defOf(schema);
  let required = true;
  let defaultValue: unknown;
  // Optional and defaulted fields may be left empty.
  while (def.type === 'optional' || def.type === 'default') {
    required = false;
    if (def.type === 'default') defaultValue = def.defaultValue;
    schema = def.innerType!;
    def = defOf(schema);
  }
  const optional = { ...(required ? {} : { required: false }), ...(defaultValue === undefined ? {} : { default: defaultValue }) };
  const fixed = context.collection.fixed?.includes(path);

  if (schema === IMAGE) {
    return { ...base, widget: 'image', ...optional, choose_url: false };
  }
  if (schema === calendarDate) {
    // A date as the files write it (2024-09-18), never a timestamp (schemas.ts, calendarDate).
    return { ...base, widget: 'datetime', ...optional, format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
  }
  switch (def.type) {
    case 'string': {
      const pattern = stringPattern(schema);
      const min = checksOf(schema).find((check) => check.check === 'min_length')?.minimum ?? 0;
      const max = checksOf(schema).find((check) => check.check === 'max_length')?.maximum ?? 0;
      const widget = fixed ? FIXED_WIDGET : min >= LONG_TEXT.min || max > LONG_TEXT.max ? 'text' : 'string';
      return { ...base, widget, ...optional, ...(pattern ? { pattern } : {}) };
    }
    case 'number': {
      const checks = checksOf(schema);
      const int = checks.some((check) => check.format === 'safeint' || check.format === 'int32');
      const min = checks.find((check) => check.check === 'greater_than')?.value;
      const max = checks.find((check) => check.check === 'less_than')?.value;
      return {
        ...base,
        widget: fixed ? FIXED_WIDGET : 'number',
        ...optional,
        value_type: int ? 'int' : 'float',
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      };
    }
    case 'boolean':
      return { ...base, widget: 'boolean', ...optional };
    case 'enum': {
      const options = Object.values(def.entries!);
      return fixed ? { ...base, widget: FIXED_WIDGET, ...optional } : { ...base, widget: 'select', ...optional, options };
    }
    case 'object': {
      return { ...base, widget: 'object', ...optional, collapsed: false, fields: fields(context, def.shape!, path) };
    }
    case 'array': {
      const element = def.element!;
      const limits = listLimits(schema);
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
      const items = defOf(element).type === 'object' ? defOf(element).shape! : undefined;
      if (items) {
        const summary = summaryField(items);
        return {
          ...base,
          widget: 'list',
          ...optional,
          ...limits,
          ...(growable ? {} : { allow_add: false, allow_remove: false }),
          ...(summary ? { summary: `{{fields.${summary}}}` } : {}),
          collapsed: true,
          fields: fields(context, items, path),
        };
      }
      const { hint: _hint, ...item } = field(context, 'item', path, element);
      // A collapsed item shows its own text, not the list's label on every row.
      return { ...base, widget: 'list', ...optional, ...limits, summary: '{{fields.item}}', field: { ...item, label } };
    }
    default:
      throw new Error(`src/lib/content/cms/config.ts: ${context.collection.name}.${path} is a ${def.type}, which the CMS configuration does not know yet`);
  }
}

/** The Decap fields of an object's shape, in the schema's key order, less the hidden ones. */
function fields(context: Context, shape: Record<string, z.ZodType>, prefix = ''): CmsField[] {
  return Object.entries(shape)
    .map(([name, schema]) => [name, prefix ? `${prefix}.${name}` : name, schema] as const)
    .filter(([, path]) => !context.collection.hidden?.includes(path))
    .map(([name, path, schema]) => field(context, name, path, schema));
}

/** One collection's Decap configuration. */
function collectionConfig(collection: CmsCollection): Record<string, unknown> {
  const context = { collection };
  const shape = defOf(collection.schema(() => IMAGE)).shape!;
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
        summary: `{{${collection.identifier}}}`,
        ...(collection.previewPath ? { preview_path: collection.previewPath } : {}),
        // Pictures go beside the others of the collection and are written as Astro's image() reads
        // them: relative to the entry's file (../images/news/picture.webp). The folder is given from
        // the repository's root: a relative one means "beside the entry's file", which a new entry
        // does not have yet, so its media library listed nothing.
        ...(collection.images ? { media_folder: `/content/images/${collection.images}`, public_folder: `../images/${collection.images}` } : {}),
        // The body is edited as the Markdown it is: the rich-text mode rewrites the whole body's
        // Markdown when one word changes (and an MDX file may hold what it cannot show).
        fields: [...fields(context, shape), { name: 'body', widget: 'markdown', required: false, modes: ['raw'], ...collection.body }],
      };
    case 'list': {
      const summary = summaryField(shape) ?? collection.identifier;
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
                fields: fields(context, shape),
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
        files: [{ name: collection.name, label: collection.label, file: `content/${collection.file}`, fields: fields(context, shape) }],
      };
  }
}

/**
 * The whole configuration. Sign-in goes through the repository host (GitHub): Decap opens the
 * site's own sign-in page /cms/oauth in a popup (base_url is the site's origin, which the CMS page
 * adds with the repository and the local server's address: src/cms/main.ts), and that page and
 * /cms/oauth-callback have the Edge Function cms-oauth do the exchange (docs/deploy.md).
 */
export function cmsConfig(collections: CmsCollection[] = CMS_COLLECTIONS): Record<string, unknown> {
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
