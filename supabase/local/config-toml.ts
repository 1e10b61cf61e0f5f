// Reads supabase/config.toml with smol-toml, a complete TOML 1.0 parser. Anything it cannot
// parse stops start-up with the file, line and column, rather than leaving a setting at its
// default without a word. The document is handed to config.ts as one map per table, keyed by
// the table's dotted name as config.toml writes it ('auth', 'auth.email.template.recovery').
import { parse, TomlError, type TomlTableWithoutBigInt, type TomlValueWithoutBigInt } from 'smol-toml';
import { ConfigError } from '../../common/env.ts';

export type TomlValue = TomlValueWithoutBigInt;
/** Table name ('' for the root) -> key -> value; nested tables appear under their own dotted names. */
export type TomlTables = Map<string, Map<string, TomlValue>>;

/** Parses TOML text; a syntax error throws a ConfigError naming `source`, the line and the column. */
export function parseToml(text: string, source = 'config.toml'): TomlTables {
  let doc: TomlTableWithoutBigInt;
  try {
    doc = parse(text, { integersAsBigInt: false });
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const reason = err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    throw new ConfigError(`${source} line ${err.line}, column ${err.column}: ${reason}\n${err.codeblock}`, { cause: err });
  }
  const tables: TomlTables = new Map();
  addTable(tables, '', doc);
  return tables;
}

function addTable(tables: TomlTables, name: string, table: TomlTableWithoutBigInt): void {
  const own = new Map<string, TomlValue>();
  tables.set(name, own);
  for (const [key, value] of Object.entries(table)) {
    if (isTable(value)) addTable(tables, name ? `${name}.${key}` : key, value);
    else own.set(key, value);
  }
}

function isTable(value: TomlValue): value is TomlTableWithoutBigInt {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
