// The import and table rules of the code base (docs/architecture.md, docs/decisions/0040), as one pure function
// over the source files so the tests can plant a file and see it fail. `scripts/check-boundaries.mjs` is the CLI.
//   1. no import cycles between source files (server, web, shared, bench);
//   2. web features never import each other (shared code lives in src/components or src/lib);
//   3. the server is built in floors (LAYERS): every import between two rooms runs down, never across or up;
//   4. a server module is entered only through its face, modules/<name>/index.ts, from anywhere outside it
//      (other modules, plugins, cli, app, bench);
//   5. no chain of module-to-module imports is longer than MAX_CHAIN modules;
//   6. every table has exactly one owner (a line `owns tables: a, b` in the owner's face or file), and only its
//      owner's SQL names it: another module writing it or reading it fails.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER = 'apps/server/src';
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'bench'];
const MIGRATIONS = 'apps/server/migrations';
export const MAX_CHAIN = 5;

/** The server's floors, ground first. A room is a top-level file or folder of apps/server/src. */
export const LAYERS = [
  { floor: 1, rooms: ['lib'], says: 'helpers without state or I/O of the platform' },
  {
    floor: 2,
    rooms: ['db', 'config.ts'],
    says: 'the database (client, migrations, transactions, paging, short-lived store) and the settings',
  },
  {
    floor: 3,
    rooms: ['plugins'],
    says: 'cross-cutting Fastify plugins: envelope, input, security, db, secrets, metrics, openapi, web',
  },
  { floor: 4, rooms: ['modules'], says: 'the domains, each owning its tables; modules/index.ts registers them in order' },
  { floor: 5, rooms: ['app.ts', 'cli'], says: 'the app as one plugin, and the command-line tools' },
  { floor: 6, rooms: ['server.ts'], says: 'the process: listen, shut down' },
];
const floorOf = new Map(LAYERS.flatMap((l) => l.rooms.map((r) => [r, l.floor])));

function listSources(root, dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true, recursive: true })
    .filter(
      (e) =>
        e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'),
    )
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const roomOf = (f) => (f.startsWith(SERVER + '/') ? f.slice(SERVER.length + 1).split('/')[0] : null);
export const moduleOf = (f) => f.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1] ?? null;
const featureOf = (f) => f.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
/** Who answers for a file's SQL: its module, or its room outside modules/. */
const ownerUnit = (f) => moduleOf(f) ?? roomOf(f);

/** Code without comments, so a table named in prose is not SQL. Strings stay (that is where the SQL is). */
function stripComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|alter\s+table|copy|lock\s+table|drop\s+table(?:\s+if\s+exists)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi;
const READ = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)/gi;

/**
 * @param {string} root the repository
 * @param {Map<string, string>} [overlay] path → content: files planted over (or beside) the tree (tests)
 */
export function analyse(root, overlay = new Map()) {
  const read = (f) => (overlay.has(f) ? overlay.get(f) : fs.readFileSync(path.join(root, f), 'utf8'));
  const files = [
    ...new Set([...ROOTS.flatMap((d) => listSources(root, d)), ...[...overlay.keys()].filter((f) => !/\.test\.tsx?$/.test(f))]),
  ];
  const known = new Set(files);
  const graph = new Map();
  const code = new Map();
  for (const file of files) {
    const text = read(file);
    code.set(file, text);
    const deps = [];
    for (const m of text.matchAll(IMPORT)) {
      // Type-only imports vanish at run time but still tie the code together, so they count.
      const target = path.normalize(path.join(path.dirname(file), m[1] ?? m[2]));
      if (known.has(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  const problems = [];

  // 1. Cycles: strongly connected components with more than one file (or a file importing itself).
  let counter = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const strong = (v) => {
    idx.set(v, counter);
    low.set(v, counter++);
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
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);

  const moduleEdges = new Map();
  const roomEdges = new Map();
  for (const [file, deps] of graph) {
    for (const dep of deps) {
      // 2. Web features are independent of each other.
      if (featureOf(file) && featureOf(dep) && featureOf(file) !== featureOf(dep)) {
        problems.push(`web feature "${featureOf(file)}" imports feature "${featureOf(dep)}": ${file} → ${dep}`);
      }
      // 3. Floors: between two rooms of the server, imports run down only.
      const [a, b] = [roomOf(file), roomOf(dep)];
      if (a && b && a !== b) {
        if (!floorOf.has(a) || !floorOf.has(b))
          problems.push(`room without a floor (add it to LAYERS): ${floorOf.has(a) ? b : a}`);
        else if (floorOf.get(a) <= floorOf.get(b)) {
          problems.push(`arrow back up: ${a} (floor ${floorOf.get(a)}) imports ${b} (floor ${floorOf.get(b)}): ${file} → ${dep}`);
        }
        if (!roomEdges.has(a)) roomEdges.set(a, new Set());
        roomEdges.get(a).add(b);
      }
      // 4. A module's inside is its own: others use its face.
      const [from, to] = [moduleOf(file), moduleOf(dep)];
      if (to && from !== to && dep !== `${SERVER}/modules/${to}/index.ts`) {
        problems.push(`${from ? `module "${from}"` : file} reaches inside module "${to}": ${file} → ${dep}`);
      }
      if (from && to && from !== to) {
        if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
        moduleEdges.get(from).add(to);
      }
    }
  }

  // 5. Longest chain of module-to-module imports (acyclic once rule 1 holds).
  const longest = new Map();
  const chain = (m, seen = new Set()) => {
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
  };
  let deepest = [];
  for (const m of moduleEdges.keys()) if (chain(m).length > deepest.length) deepest = chain(m);
  if (deepest.length > MAX_CHAIN)
    problems.push(`module chain of ${deepest.length} (at most ${MAX_CHAIN}): ${deepest.join(' → ')}`);

  // 6. Tables and their owners.
  const tables = new Set();
  const migrationsDir = path.join(root, MIGRATIONS);
  for (const f of fs.existsSync(migrationsDir) ? fs.readdirSync(migrationsDir).sort() : []) {
    const sql = fs.readFileSync(path.join(migrationsDir, f), 'utf8');
    for (const m of sql.matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi))
      tables.add(m[1].toLowerCase());
    for (const m of sql.matchAll(/drop\s+table\s+(?:if\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi)) tables.delete(m[1].toLowerCase());
  }
  const owners = new Map();
  const serverFiles = files.filter((f) => f.startsWith(SERVER + '/'));
  for (const f of serverFiles) {
    for (const m of code.get(f).matchAll(/owns tables?:\s*([a-z0-9_, ]+)/g)) {
      for (const t of m[1]
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && s !== 'none')) {
        if (!tables.has(t)) problems.push(`${f} claims a table no migration creates: ${t}`);
        else if (owners.has(t) && owners.get(t) !== ownerUnit(f))
          problems.push(`table ${t} has two owners: ${owners.get(t)} and ${ownerUnit(f)}`);
        else owners.set(t, ownerUnit(f));
      }
    }
  }
  for (const t of tables) if (!owners.has(t)) problems.push(`table ${t} has no owner (add it to an "owns tables:" line)`);
  for (const m of new Set(serverFiles.map(moduleOf).filter(Boolean))) {
    if (!code.has(`${SERVER}/modules/${m}/index.ts`)) problems.push(`module ${m} has no face (modules/${m}/index.ts)`);
  }
  const foreign = [];
  for (const f of serverFiles) {
    const text = stripComments(code.get(f));
    const unit = ownerUnit(f);
    const seen = new Set();
    for (const [re, kind] of [
      [WRITE, 'writes'],
      [READ, 'reads'],
    ]) {
      for (const m of text.matchAll(re)) {
        const t = m[1].toLowerCase();
        if (!tables.has(t) || !owners.has(t) || owners.get(t) === unit || seen.has(t)) continue;
        seen.add(t);
        foreign.push({ file: f, unit, table: t, owner: owners.get(t), kind });
      }
    }
  }
  for (const x of foreign) problems.push(`${x.unit} ${x.kind} table ${x.table} of ${x.owner} in its SQL: ${x.file}`);

  // Measured floors: the longest chain of rooms (what a drawing of apps/server/src shows).
  const depth = new Map();
  const roomDepth = (r, seen = new Set()) => {
    if (depth.has(r)) return depth.get(r);
    if (seen.has(r)) return 0;
    seen.add(r);
    let d = 1;
    for (const n of roomEdges.get(r) ?? []) d = Math.max(d, 1 + roomDepth(n, seen));
    depth.set(r, d);
    return d;
  };
  const rooms = [...new Set(serverFiles.map(roomOf))];
  const floors = Math.max(0, ...rooms.map((r) => roomDepth(r)));
  const modules = [...new Set(serverFiles.map(moduleOf).filter(Boolean))].sort();
  // What each module is for: the first doc comment of its face.
  const descriptions = new Map(
    modules.map((m) => {
      const face = code.get(`${SERVER}/modules/${m}/index.ts`) ?? '';
      const doc = face.match(/\/\*\*([\s\S]*?)\*\//)?.[1] ?? '';
      return [
        m,
        doc
          .replace(/^\s*\* ?/gm, '')
          .replace(/\s+/g, ' ')
          .trim(),
      ];
    }),
  );
  const moduleImports = [...moduleEdges.values()].reduce((n, s) => n + s.size, 0);
  return {
    files: files.length,
    problems,
    floors,
    descriptions,
    rooms,
    roomEdges,
    modules,
    moduleEdges,
    moduleImports,
    deepest,
    tables: [...tables].sort(),
    owners,
    foreign,
  };
}
