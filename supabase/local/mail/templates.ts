// Renders the auth email templates of supabase/templates/ with the same `{{ .Name }}` variables
// hosted Supabase fills in, so one template file serves both.
import { readFile } from 'node:fs/promises';

export interface TemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
}

const cache = new Map<string, Promise<string>>();

/** Loads a template once and fills in its variables (HTML-escaped). */
export async function renderTemplate(path: string, data: TemplateData): Promise<string> {
  let source = cache.get(path);
  if (!source) cache.set(path, (source = readFile(path, 'utf8')));
  return (await source).replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    name in data ? escapeHtml(data[name as keyof TemplateData]) : whole,
  );
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
