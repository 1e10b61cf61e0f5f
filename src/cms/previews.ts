// The CMS's preview pane for news and visas: the entry as its page lays it out, with the site's own
// stylesheet (registered in ./main.ts), so an editor sees the text in the site's type and spacing.
// The exact page of a draft is its deploy preview (docs/content.md).
import { createElement as h, type ReactNode } from 'react';

/** What Decap gives a preview template. */
interface PreviewProps {
  entry: { getIn: (path: string[]) => unknown };
  widgetFor: (name: string) => ReactNode;
  getAsset: (path: string) => { toString(): string } | undefined;
}

/** A plain value of the entry's data (Decap keeps it as Immutable.js collections). */
function read<T>(entry: PreviewProps['entry'], path: string[]): T | undefined {
  const value = entry.getIn(['data', ...path]) as { toJS?: () => T } | T | undefined;
  return value && typeof value === 'object' && 'toJS' in value && typeof value.toJS === 'function' ? value.toJS() : (value as T | undefined);
}

function picture({ entry, getAsset }: PreviewProps, field: string) {
  const src = read<string>(entry, [field, 'src']);
  const asset = src ? getAsset(src) : undefined;
  return asset ? h('img', { src: asset.toString(), alt: read<string>(entry, [field, 'alt']) ?? '', style: { width: '100%', borderRadius: 'var(--radius)' } }) : null;
}

/** A page's article as the site lays it out: its kind above the heading, then the rest. */
function article(eyebrow: string, title: string | undefined, ...children: ReactNode[]) {
  return h(
    'main',
    null,
    h('article', { className: 'container', style: { maxWidth: '48rem', paddingBlock: '2rem' } }, h('p', { className: 'eyebrow' }, eyebrow), h('h1', null, title ?? ''), ...children),
  );
}

export function NewsPreview(props: PreviewProps) {
  const { entry, widgetFor } = props;
  const published = read<string>(entry, ['published']);
  return article(
    'News',
    read<string>(entry, ['title']),
    published ? h('p', null, 'Published ', h('time', { dateTime: published }, published)) : null,
    picture(props, 'image'),
    h('p', { className: 'lead' }, read<string>(entry, ['content']) ?? ''),
    h('div', { className: 'prose' }, widgetFor('body')),
  );
}

interface ChecklistItem {
  key: string;
  name: string;
  detail?: string;
  optional?: boolean;
}

export function VisaPreview(props: PreviewProps) {
  const { entry, widgetFor } = props;
  const details = read<string[]>(entry, ['details']) ?? [];
  const documents = read<ChecklistItem[]>(entry, ['documents']) ?? [];
  return article(
    'Visa',
    read<string>(entry, ['type']),
    h('p', { className: 'lead' }, read<string>(entry, ['description']) ?? ''),
    picture(props, 'backgroundImage'),
    h('ul', null, ...details.map((detail) => h('li', { key: detail }, detail))),
    h('h2', null, 'Documents to attach'),
    h(
      'ul',
      { className: 'checklist' },
      ...documents.map((item) =>
        h('li', { key: item.key }, h('strong', null, item.name), item.optional ? ' (optional)' : '', item.detail ? h('span', null, ` — ${item.detail}`) : null),
      ),
    ),
    h('div', { className: 'prose' }, widgetFor('body')),
  );
}
