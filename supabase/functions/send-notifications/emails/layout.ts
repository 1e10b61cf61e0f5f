// The frame every notification shares, as React elements (rendered with renderToStaticMarkup,
// which escapes every value): the brand's header, the body, and a footer with the consultancy's
// contact details and the line linking to the privacy notice (its words: common/privacy-notice.ts).
// Inline styles and tables, because mail clients ignore stylesheets.
import { createElement as h, type ReactNode } from 'react';
import { EMAIL_PRIVACY_LINE, privacyNoticeUrl } from '../../../../common/privacy-notice.ts';
import type { Brand } from './brand.ts';

/** The whole document of one email; `siteUrl` is the site's origin, where the privacy notice is. */
export function Layout({ brand, siteUrl, title, children }: { brand: Brand; siteUrl: string; title: string; children?: ReactNode }) {
  const c = brand.colors;
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, title)),
    h(
      'body',
      { style: { margin: 0, padding: '24px 12px', background: c.tint, color: c.ink, fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: 1.5 } },
      h(
        'table',
        { role: 'presentation', width: '100%', style: { maxWidth: '600px', margin: '0 auto', background: '#ffffff', borderCollapse: 'collapse', border: `1px solid ${c.line}` } },
        h('tbody', null,
          h('tr', null, h('td', { style: { background: c.primary, color: c.primaryInk, padding: '16px 24px', fontSize: '20px', fontWeight: 'bold', borderBottom: `4px solid ${c.accent}` } }, brand.name)),
          h('tr', null, h('td', { style: { padding: '24px' } }, h('h1', { style: { fontSize: '20px', margin: '0 0 16px' } }, title), children)),
          h('tr', null, h('td', { style: { padding: '16px 24px', color: c.muted, fontSize: '13px', borderTop: `1px solid ${c.line}` } },
            h('p', { style: { margin: 0 } }, `${brand.name} · ${brand.contact.address}`),
            h('p', { style: { margin: 0 } }, `${brand.contact.phone} · `, h('a', { href: `mailto:${brand.contact.email}`, style: { color: c.primary } }, brand.contact.email)),
            h('p', { style: { margin: '8px 0 0' } }, `${EMAIL_PRIVACY_LINE.before} `, h('a', { href: privacyNoticeUrl(siteUrl), style: { color: c.primary } }, EMAIL_PRIVACY_LINE.link), '.'),
          )),
        ),
      ),
    ),
  );
}

/** A paragraph. */
export function P({ children }: { children?: ReactNode }) {
  return h('p', { style: { margin: '0 0 12px' } }, children);
}

/** A call to action as a button-like link (also listed in the plain text with its address). */
export function Button({ href, children, brand }: { href: string; children?: ReactNode; brand: Brand }) {
  return h('p', { style: { margin: '20px 0' } },
    h('a', { href, style: { background: brand.colors.primary, color: brand.colors.primaryInk, padding: '10px 18px', borderRadius: '6px', textDecoration: 'none', fontWeight: 'bold' } }, children),
  );
}

/** Label and value rows, e.g. a booking's details; empty values are left out. */
export function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return h('table', { role: 'presentation', style: { borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' } },
    h('tbody', null, ...rows.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) =>
      h('tr', { key: label },
        h('th', { scope: 'row', style: { textAlign: 'left', padding: '4px 12px 4px 0', verticalAlign: 'top', whiteSpace: 'nowrap' } }, `${label}:`),
        h('td', { style: { padding: '4px 0', whiteSpace: 'pre-wrap' } }, value),
      ),
    )),
  );
}

/** A list of short items, e.g. the documents a request names. */
export function List({ items }: { items: string[] }) {
  return h('ul', { style: { margin: '0 0 16px', paddingLeft: '20px' } }, ...items.map((item, index) => h('li', { key: index }, item)));
}
