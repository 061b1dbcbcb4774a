// The generated part of docs/architecture.md: floors, modules and the tables each owns, from what analyse() reads,
// so the picture cannot drift from the code (a stale document fails the check).
import fs from 'node:fs';
import path from 'node:path';
import { LAYERS, MAX_CHAIN } from './analyse.mjs';

const DOC = 'docs/architecture.md';
const BEGIN = '<!-- generated: npm run lint:boundaries -- --write (do not edit by hand) -->';
const END = '<!-- end of generated part -->';

export function renderDoc(result) {
  const lines = ['### Floors of `apps/server/src`', '', '| floor | rooms | what lives there |', '|---|---|---|'];
  for (const l of [...LAYERS].reverse()) lines.push(`| ${l.floor} | ${l.rooms.map((r) => `\`${r}\``).join(', ')} | ${l.says} |`);
  lines.push(
    '',
    `Imports run down only; measured: ${result.floors} floors. Inside \`modules/\`, modules meet only through their` +
      ` \`index.ts\`; longest chain ${result.deepest.length} of at most ${MAX_CHAIN} (${result.deepest.join(' → ')}).`,
    '',
    '### Modules and the tables they own',
    '',
    '| module | what it does | owns tables | uses modules |',
    '|---|---|---|---|',
  );
  const byOwner = new Map();
  for (const [t, o] of result.owners) byOwner.set(o, [...(byOwner.get(o) ?? []), t].sort());
  for (const m of result.modules) {
    const uses = [...(result.moduleEdges.get(m) ?? [])].sort();
    const does = result.descriptions.get(m) || '—';
    lines.push(`| \`${m}\` | ${does} | ${(byOwner.get(m) ?? []).join(', ') || '—'} | ${uses.join(', ') || '—'} |`);
  }
  const infra = [...byOwner.keys()].filter((o) => !result.modules.includes(o)).sort();
  for (const o of infra) lines.push(`| \`${o}\` (not a module) | — | ${byOwner.get(o).join(', ')} | — |`);
  lines.push('', `${result.tables.length} tables; each is written and read in SQL by its owner alone.`);
  return `${BEGIN}\n${lines.join('\n')}\n${END}`;
}

function current(root) {
  const text = fs.readFileSync(path.join(root, DOC), 'utf8');
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  return { text, a, b };
}

export function docProblems(root, result) {
  const { text, a, b } = current(root);
  if (a < 0 || b < a) return [`${DOC} has no generated part: run npm run lint:boundaries -- --write`];
  return text.slice(a, b + END.length) === renderDoc(result)
    ? []
    : [`${DOC} disagrees with the code: run npm run lint:boundaries -- --write`];
}

export function writeDoc(root, result) {
  const { text, a, b } = current(root);
  const part = renderDoc(result);
  const next =
    a >= 0 && b > a
      ? text.slice(0, a) + part + text.slice(b + END.length)
      : `${text.trimEnd()}\n\n## Floors, modules, tables\n\n${part}\n`;
  fs.writeFileSync(path.join(root, DOC), next);
}
