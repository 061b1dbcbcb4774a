// Type-checks every project referenced by tsconfig.json, each under its own environment: the web without
// Node types, the server without the DOM lib, @zs/shared with neither (docs/decisions/0043). Two at a time
// (the build machines have two cores); exits non-zero if any project has errors.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-7/bin/tsc');
// tsconfig.json has comments, so strip them before parsing (no string in it contains "//").
const solution = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const projects = solution.references.map((r) => r.path);

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ project, code, out }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await check(queue.shift()));
  }),
);
let failed = 0;
for (const r of results.sort((a, b) => projects.indexOf(a.project) - projects.indexOf(b.project))) {
  if (r.code !== 0) failed++;
  console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.project}`);
  if (r.out.trim()) console.log(r.out.trimEnd());
}
process.exit(failed ? 1 : 0);
