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

interface SiteSettings {
  name?: string;
  tagline?: string;
  contact?: { phone?: string; whatsapp?: string; email?: string; address?: string };
  social?: { name?: string; href?: string }[];
  notifications?: { staff?: string[] };
}

/** One labelled contact line, as the footer's contact list shows it. */
function contactLine(label: string, value: ReactNode, dark: boolean) {
  return h(
    'li',
    { key: label, style: { marginBottom: '0.55rem' } },
    h('span', { style: { display: 'block', fontSize: '0.78rem', fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', color: dark ? '#b7c4d8' : 'var(--muted)' } }, label),
    value,
  );
}

const HOURS_NOTE = 'From the weekly hours in /admin';

/** A section heading of the preview: which page the part below stands for. */
const where = (text: string) => h('p', { className: 'eyebrow', style: { margin: '1.5rem 0 0.5rem' } }, text);

/**
 * The site settings as the pages they feed show them: the footer (dark band, name, tagline, social
 * links and the contact list) and /contact's tiles, in the site's stylesheet; the hours are the
 * admin's (their line says so), and who is emailed about leads is listed as the inbox it is.
 */
export function SettingsPreview({ entry }: PreviewProps) {
  const site = read<SiteSettings>(entry, []) ?? {};
  const contact = site.contact ?? {};
  const footer = h(
    'footer',
    { style: { background: 'var(--navy-900)', color: '#dfe6f0', fontSize: '0.95rem', padding: '2rem 1.5rem', borderRadius: 'var(--radius)' } },
    h(
      'div',
      { style: { display: 'grid', gap: '2rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' } },
      h(
        'div',
        null,
        h('p', { style: { fontWeight: 800, fontSize: '1.1rem', color: '#fff', margin: '0 0 0.75rem' } }, site.name ?? ''),
        h('p', null, site.tagline ?? ''),
        h('ul', { className: 'plain', style: { display: 'flex', gap: '1rem', flexWrap: 'wrap' } }, ...(site.social ?? []).map((link) => h('li', { key: link.href }, h('a', { href: link.href, style: { color: '#fff' } }, link.name)))),
      ),
      h(
        'div',
        null,
        h('h2', { style: { color: 'var(--accent)', fontSize: '0.85rem', letterSpacing: '0.08em', textTransform: 'uppercase', marginBottom: '0.8rem' } }, 'Contact'),
        h(
          'ul',
          { className: 'plain' },
          contactLine('Phone', h('a', { style: { color: '#fff' } }, contact.phone), true),
          contactLine('WhatsApp', h('a', { style: { color: '#fff' } }, contact.whatsapp), true),
          contactLine('Email', h('a', { style: { color: '#fff' } }, contact.email), true),
          contactLine('Office', contact.address, true),
          contactLine('Hours', h('em', null, HOURS_NOTE), true),
        ),
      ),
    ),
  );
  const tile = (title: string, body: ReactNode) =>
    h('li', { key: title, style: { border: '1px solid var(--line)', borderTop: '4px solid var(--accent)', borderRadius: 'var(--radius)', padding: '1.3rem', background: 'var(--surface)' } }, h('h2', { style: { fontSize: '1.1rem' } }, title), body);
  const contactPage = h(
    'ul',
    { className: 'plain grid', style: { '--min': '13rem' } as Record<string, string> },
    tile('Call us', h('a', { style: { fontWeight: 700 } }, contact.phone)),
    tile('WhatsApp', h('a', { style: { fontWeight: 700 } }, contact.whatsapp)),
    tile('Email', h('a', { style: { fontWeight: 700 } }, contact.email)),
    tile('Visit the office', h('div', null, h('address', { style: { fontStyle: 'normal' } }, contact.address), h('p', { style: { color: 'var(--muted)', margin: '0.5rem 0 0' } }, HOURS_NOTE))),
  );
  const staff = site.notifications?.staff ?? [];
  return h(
    'main',
    { className: 'container', style: { paddingBlock: '1.5rem' } },
    where('The footer of every page'),
    footer,
    where('The contact page, /contact'),
    contactPage,
    where('Emailed about every booking, message and application (after a redeploy)'),
    h('ul', null, ...staff.map((address) => h('li', { key: address }, address))),
  );
}
