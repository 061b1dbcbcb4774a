import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { loginDialog, registerViaApi, storeToken } from './helpers/accounts.ts';
import { DetailLinks, isConsole, routes, settle } from './helpers/a11y.ts';
import type { RouteDef } from '../../apps/web/src/app/routes.ts';

/**
 * Two checkers beside axe (decisions/0080): the Nu HTML Checker (vnu.jar, the W3C validator) on the rendered DOM of
 * every public route, and HTML_CodeSniffer's WCAG2AA errors on the same pages and on the login dialog. Both must
 * find nothing. The DOMs are validated in one batch, so Java starts once per run.
 */
const require = createRequire(import.meta.url);
const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar')), 'build/dist/vnu.jar');
const HTMLCS_SOURCE = fs.readFileSync(require.resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

/** HTML_CodeSniffer's WCAG2AA errors (not warnings or notices) on the page as readable lines. */
async function htmlcsErrors(page: Page, label: string): Promise<string[]> {
  // Evaluated, not added as a script tag: the site's CSP allows no inline script, and the tool is not part of the site.
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await page.evaluate(HTMLCS_SOURCE);
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const htmlcs = (window as unknown as { HTMLCS: HtmlCs }).HTMLCS;
        htmlcs.process('WCAG2AA', document, () =>
          resolve(
            htmlcs
              .getMessages()
              .filter((m) => m.type === 1)
              .map((m) => {
                const el = m.element as Element;
                const tag = el.outerHTML ? el.outerHTML.slice(0, 120) : el.nodeName;
                return `${m.code.split('.').slice(-2).join('.')} — ${m.msg.slice(0, 120)} — ${tag}`;
              }),
          ),
        );
      }),
  );
  return errors.map((e) => `${label}: ${e}`);
}
interface HtmlCs {
  process(standard: string, content: Document, done: () => void): void;
  getMessages(): { type: number; code: string; msg: string; element: Node }[];
}

/** The Nu checker's errors over the given HTML files, as `file:line message` lines. */
function vnuErrors(files: string[]): string[] {
  const run = spawnSync(
    'java',
    ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', '--stdout', ...files],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  const { messages } = JSON.parse(run.stdout) as {
    messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[];
  };
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'} ${m.message} «${(m.extract ?? '').trim().slice(0, 100)}»`);
}

/**
 * The rendered DOM as a document. The character encoding belongs to the bytes the server sends (index.html declares
 * it first); in the live DOM antd's style elements sit above it, so the declaration moves back to the head's start.
 */
const serialise = (html: string) =>
  `<!DOCTYPE html>\n${html.replace(/<meta charset="[^"]*">/i, '').replace(/<head>/i, '<head><meta charset="utf-8">')}`;

/** Detail routes whose route-table parent is not their list page (as in a11y-routes.spec.ts). */
const LIST_OF: Record<string, string> = { '/activity-detail': '/activity' };

/** Opens each route (detail pages with a real record from their list page), runs both checkers, returns the problems. */
async function validateRoutes(page: Page, list: RouteDef[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-dom-'));
  const links = new DetailLinks();
  const files: string[] = [];
  const problems: string[] = [];
  const open = async (routePath: string) => {
    await page.goto(links.for(routePath));
    await expect(page).toHaveURL(new RegExp(`${routePath}(\\?|$)`));
    await settle(page);
    await links.harvest(page);
  };
  try {
    for (const route of list) {
      const parent = route.parent ?? LIST_OF[route.path];
      if (route.auth && /detail/i.test(route.path) && parent && !routes.find((r) => r.path === parent)?.auth) await open(parent);
      await open(route.path);
      const file = path.join(dir, `${route.path.slice(1).replace(/\//g, '_') || 'root'}.html`);
      fs.writeFileSync(file, serialise(await page.evaluate(() => document.documentElement.outerHTML)));
      files.push(file);
      problems.push(...(await htmlcsErrors(page, route.path)));
    }
    expect(files).toHaveLength(list.length);
    problems.push(...vnuErrors(files));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}

test('public routes: the Nu HTML Checker and HTML_CodeSniffer (WCAG2AA) find no errors', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const visitor = routes.filter((r) => !r.auth && !isConsole(r));
  expect(visitor.length).toBeGreaterThan(20);
  expect(await validateRoutes(page, visitor)).toEqual([]);
});

/**
 * The user centre's own pages are not in this check yet: their filter chips are tabs without a tab panel, and antd's
 * icon styles carry an attribute of their own (5 Nu errors, issue 30).
 */
const USER_CENTRE = /^\/(my-|message-detail|enterprise-auth)/;

test('guarded portal routes, logged in: the Nu HTML Checker and HTML_CodeSniffer find no errors', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const user = await registerViaApi(page.request);
  await storeToken(page, user.token);
  const guarded = routes.filter((r) => r.auth && !isConsole(r) && !USER_CENTRE.test(r.path));
  expect(guarded.map((r) => r.path)).toContain('/standard-detail');
  expect(await validateRoutes(page, guarded)).toEqual([]);
});

test('login dialog: HTML_CodeSniffer (WCAG2AA) finds no errors on either tab', async ({ page }) => {
  await page.goto('/home');
  await settle(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const login = loginDialog(page);
  await expect(login.getByRole('img', { name: '图形验证码' })).toHaveAttribute('data-key', /.+/);
  const problems = await htmlcsErrors(page, '登录·密码登录');
  await login.getByRole('tab', { name: '手机号登录' }).click();
  await expect(login.getByRole('tab', { name: '手机号登录' })).toHaveAttribute('aria-selected', 'true');
  problems.push(...(await htmlcsErrors(page, '登录·手机号登录')));
  expect(problems).toEqual([]);
});
