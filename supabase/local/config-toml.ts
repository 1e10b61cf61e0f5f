// A deliberately tiny reader for supabase/config.toml: the backend needs a handful of scalar keys
// (password length, confirmations, redirect URLs, email subjects), not a full TOML implementation.
// It understands [tables], [dotted.tables], `key = value` with strings, numbers, booleans and
// one-line or multi-line arrays of strings, and `#` comments.

export type TomlValue = string | number | boolean | string[];
/** Table name ('' for the root) -> key -> value. */
export type TomlTables = Map<string, Map<string, TomlValue>>;

/** Parses the subset of TOML described above; unknown syntax on a line is skipped, not fatal. */
export function parseToml(text: string): TomlTables {
  const tables: TomlTables = new Map([['', new Map()]]);
  let current = tables.get('')!;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i]!).trim();
    if (!line) continue;
    const header = /^\[([^\[\]]+)\]$/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      if (!tables.has(name)) tables.set(name, new Map());
      current = tables.get(name)!;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim().replace(/^"(.*)"$/, '$1');
    let raw = line.slice(eq + 1).trim();
    // A multi-line array continues until its closing bracket.
    while (raw.startsWith('[') && !raw.includes(']') && i + 1 < lines.length) {
      raw += ' ' + stripComment(lines[++i]!).trim();
    }
    const value = parseValue(raw);
    if (value !== undefined) current.set(key, value);
  }
  return tables;
}

function stripComment(line: string): string {
  let inString: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\' && inString === '"') i++;
      else if (ch === inString) inString = null;
    } else if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function parseValue(raw: string): TomlValue | undefined {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^[+-]?\d[\d_]*(\.\d+)?$/.test(raw)) return Number(raw.replace(/_/g, ''));
  const str = parseString(raw);
  if (str !== undefined) return str;
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const items: string[] = [];
    const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;
    for (const m of raw.slice(1, -1).matchAll(re)) items.push(m[1] !== undefined ? unescape(m[1]) : m[2]!);
    return items;
  }
  return undefined;
}

function parseString(raw: string): string | undefined {
  const dq = /^"((?:[^"\\]|\\.)*)"$/.exec(raw);
  if (dq) return unescape(dq[1]!);
  const sq = /^'([^']*)'$/.exec(raw);
  return sq ? sq[1] : undefined;
}

function unescape(s: string): string {
  return s.replace(/\\(["\\nt])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}
