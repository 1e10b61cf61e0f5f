// Runs the content's cross-file checks (src/lib/content/checks.ts) when Astro starts: `astro build`
// and `astro sync` (and so `astro check`) stop with one line per problem, naming the file; `astro
// dev` only warns, so a server an editor is working against keeps running while a picture is added
// before the entry that uses it. Files nothing uses (a replaced picture) are only ever a warning.
// Each collection's own fields are checked by its loader (src/content.config.ts).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentLeftovers, contentProblems } from '../lib/content/checks.ts';
import { contentError } from '../lib/content/editor-errors.ts';
import { contentRoot } from '../lib/content/files.ts';

export default function contentChecks(): AstroIntegration {
  return {
    name: 'bridgeway:content-checks',
    hooks: {
      'astro:config:setup': ({ command, config, logger }) => {
        if (command === 'preview') return;
        const root = contentRoot(fileURLToPath(config.root));
        const publicDir = fileURLToPath(config.publicDir);
        const leftovers = contentLeftovers(root, publicDir);
        if (leftovers.length > 0) logger.warn(`Files nothing uses (the site leaves them out; delete them when you no longer need them):\n${leftovers.join('\n')}`);
        const problems = contentProblems(root, publicDir);
        if (problems.length === 0) return;
        const summary = `The content has ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix (docs/content.md, When something is wrong):\n${problems.join('\n')}`;
        if (command === 'dev') logger.warn(summary);
        else throw contentError(summary);
      },
    },
  };
}
