import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to start a worker thread: a script file, or (from the sources) code to evaluate. */
export interface WorkerEntry {
  file: string;
  eval?: boolean;
}

/**
 * The script of a worker thread, for `new Worker(entry.file, { eval: entry.eval })`. In the compiled server
 * (scripts/build.mjs) it is `builtName` next to the bundle (looked for up to three folders above the caller).
 * From the TypeScript sources (tsx, vitest) it is `tsScript` beside the caller: a worker does not inherit the
 * parent's module hooks, so a small bootstrap loads it through tsx's ESM API.
 */
export function workerEntry(callerUrl: string, tsScript: string, builtName: string): WorkerEntry {
  const here = fileURLToPath(callerUrl);
  if (here.endsWith('.ts')) {
    // tsx's ESM entry, as its package exports name it (require.resolve would answer the CommonJS one).
    const pkg = createRequire(callerUrl).resolve('tsx/package.json');
    const exported = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { exports: Record<string, { import: { default: string } }> })
      .exports['./esm/api']!.import.default;
    const api = pathToFileURL(path.join(path.dirname(pkg), exported)).href;
    const script = pathToFileURL(path.join(path.dirname(here), tsScript)).href;
    return {
      file: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(script)}, ${JSON.stringify(callerUrl)}))`,
      eval: true,
    };
  }
  for (let dir = path.dirname(here), i = 0; i < 3; dir = path.dirname(dir), i++) {
    const file = path.join(dir, builtName);
    if (fs.existsSync(file)) return { file };
  }
  throw new Error(`cannot find ${builtName} above ${here}`);
}
