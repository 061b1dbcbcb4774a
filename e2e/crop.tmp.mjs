import { chromium } from '@playwright/test';
const [,, file, w, ...offs] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(w), height: 1000 } });
await p.setContent(`<body style="margin:0"><img src="data:image/png;base64,${(await import('node:fs')).readFileSync(file).toString('base64')}"></body>`);
for (const o of offs) await p.screenshot({ path: `/tmp/crop-${o}.png`, clip: { x: 0, y: Number(o), width: Number(w), height: 1000 }, fullPage: true });
await b.close();
