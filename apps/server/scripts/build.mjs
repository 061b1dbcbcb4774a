// Compiles the server (and its command-line tools) to plain JavaScript in apps/server/dist, so
// production runs `node dist/server.js` without a TypeScript loader. The workspace package
// @zs/shared is bundled in (it ships TypeScript sources); every other package stays an import of
// node_modules. Migrations, fonts and data files stay where they are: lib/paths.ts finds them by
// walking up to the server folder. Usage: node scripts/build.mjs [--outdir DIR]
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(serverDir, 'dist');

const entries = ['server', 'cli/import', 'cli/admin-create', 'cli/backup', 'cli/restore'];
// The import's worker thread (modules/standards/import/prepare-thread.ts finds it next to the bundle).
const workers = {
  'import-worker': 'modules/standards/import/prepare-worker',
  // The document check's reader (modules/standards/doccheck/read-thread.ts finds it next to the bundle).
  'doccheck-worker': 'modules/standards/doccheck/read-worker',
  // Partial title matches' ranking (modules/standards/search/partial-thread.ts finds it next to the bundle).
  'partial-worker': 'modules/standards/search/partial-worker',
};

await build({
  entryPoints: Object.fromEntries(
    [...entries.map((e) => [e, e]), ...Object.entries(workers)].map(([name, src]) => [
      name,
      path.join(serverDir, 'src', `${src}.ts`),
    ]),
  ),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externals-but-shared',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@zs/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`server compiled to ${path.relative(process.cwd(), outdir) || '.'}`);
