// Import boundaries, checked on every `npm run lint` and `npm test` (docs/architecture.md, decisions/0040):
//   1. no import cycles between source files (server, web, shared);
//   2. web features never import each other (shared code lives in src/components or src/lib);
//   3. a server module imports another module only through its public surface, modules/<name>/index.ts;
//   4. no chain of module-to-module imports is longer than 4 modules.
// Relative imports only: packages are outside the graph, and @zs/shared never imports the apps.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const MAX_CHAIN = 4;

function sources(dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"](\.[^'"]+)['"]/g;
const files = roots.flatMap(sources);
const graph = new Map();
for (const file of files) {
  const code = fs.readFileSync(path.join(root, file), 'utf8');
  const deps = [];
  for (const m of code.matchAll(IMPORT)) {
    // Type-only imports vanish at run time but still tie the code together, so they count.
    const target = path.normalize(path.join(path.dirname(file), m[1]));
    if (files.includes(target)) deps.push(target);
  }
  graph.set(file, deps);
}

const problems = [];

// 1. Cycles: strongly connected components with more than one file (or a file importing itself).
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v).includes(v)) problems.push(`import cycle: ${scc.sort().join(' ↔ ')}`);
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v);

const feature = (f) => f.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
const moduleOf = (f) => f.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
const moduleEdges = new Map();
for (const [file, deps] of graph) {
  for (const dep of deps) {
    // 2. Web features are independent of each other.
    if (feature(file) && feature(dep) && feature(file) !== feature(dep)) {
      problems.push(`web feature "${feature(file)}" imports feature "${feature(dep)}": ${file} → ${dep}`);
    }
    // 3. Server modules meet only through index.ts.
    const from = moduleOf(file);
    const to = moduleOf(dep);
    if (from && to && from !== to) {
      if (path.basename(dep) !== 'index.ts') problems.push(`module "${from}" reaches inside module "${to}": ${file} → ${dep}`);
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
    }
  }
}

// 4. Longest chain of module-to-module imports (the module graph is acyclic once rule 1 holds).
const longest = new Map();
function chain(m, seen = new Set()) {
  if (longest.has(m)) return longest.get(m);
  if (seen.has(m)) return [m];
  seen.add(m);
  let best = [m];
  for (const next of moduleEdges.get(m) ?? []) {
    const c = [m, ...chain(next, seen)];
    if (c.length > best.length) best = c;
  }
  seen.delete(m);
  longest.set(m, best);
  return best;
}
let deepest = [];
for (const m of moduleEdges.keys()) if (chain(m).length > deepest.length) deepest = chain(m);
if (deepest.length > MAX_CHAIN) problems.push(`module chain of ${deepest.length} (at most ${MAX_CHAIN}): ${deepest.join(' → ')}`);

const edges = [...moduleEdges.values()].reduce((n, s) => n + s.size, 0);
if (problems.length) {
  console.error(`import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `import boundaries: ${files.length} files, no cycles; ${edges} module-to-module imports, longest chain ${deepest.length} (${deepest.join(' → ')})`,
);
