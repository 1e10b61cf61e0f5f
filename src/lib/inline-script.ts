// Source for an `is:inline` script that calls a function defined in a TypeScript module. Astro does
// not bundle or minify inline scripts, and a function's own source text (`fn.toString()`) keeps its
// whitespace and long names, so the call is minified here, once per build, with the esbuild Astro
// already uses. The function must use nothing defined outside its own body.
import { transformSync } from 'esbuild';

const cache = new Map<string, string>();

/** `fn(...args)` as minified script text; `args` are JavaScript expressions evaluated in the page. */
export function inlineCall(fn: (...args: never[]) => unknown, ...args: string[]): string {
  const source = `(${fn.toString()})(${args.join(',')});`;
  let code = cache.get(source);
  if (code === undefined) {
    code = transformSync(source, { minify: true, loader: 'js' }).code.trim();
    cache.set(source, code);
  }
  return code;
}
