// Import and table boundaries, checked on every `npm run lint` and `npm test` (rules: scripts/boundaries/analyse.mjs).
// `--write` regenerates the generated part of docs/architecture.md; without it, a stale document is a problem too.
import path from 'node:path';
import { analyse } from './boundaries/analyse.mjs';
import { docProblems, writeDoc } from './boundaries/doc.mjs';

const root = path.resolve(import.meta.dirname, '..');
const result = analyse(root);
if (process.argv.includes('--write')) writeDoc(root, result);
const problems = [...result.problems, ...docProblems(root, result)];
if (problems.length) {
  console.error(`import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `import boundaries: ${result.files} files, no cycles; server ${result.floors} floors, no arrow back up; ` +
    `${result.modules.length} modules, ${result.moduleImports} module-to-module imports, longest chain ${result.deepest.length} ` +
    `(${result.deepest.join(' → ')}); ${result.tables.length} tables, each with one owner`,
);
