// The plain-text alternative of an HTML email: tags dropped, links kept beside their text. Shared
// by the notification emails (send-notifications) and the embedded backend's auth emails; no
// imports, so both runtimes read it.

/** A plain-text alternative: tags dropped, links kept beside their text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, text: string) => `${text.trim()}: ${href}`)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
