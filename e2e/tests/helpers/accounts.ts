import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { okData } from './api.ts';

/**
 * Account helpers for browser tests. Codes and captcha answers come from the development endpoints
 * (DEV_OUTBOX=1, set by playwright.config.ts): GET /api/dev/outbox?mobile= and GET /api/dev/captcha?key=.
 */
export const TOKEN_KEY = 'standard-token';
export const USER_TYPE = 2;

export interface TestUser {
  username: string;
  password: string;
  mobile: string;
}

let counter = 0;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A user nobody has registered yet: valid username (letters + digits), password and mobile. */
export function newUser(): TestUser {
  counter += 1;
  const tag = `${digits(6)}${(counter % 100).toString().padStart(2, '0')}`;
  return {
    username: `e2e${tag}u`,
    password: `Pw${digits(4)}!x`,
    // 1, then 3-9, then 9 digits (docs/product.md §5).
    mobile: `1${3 + Math.floor(Math.random() * 7)}${digits(1)}${tag}`,
  };
}

/** The answer of a captcha key, without consuming it. */
export async function captchaAnswer(request: APIRequestContext, key: string): Promise<string> {
  const data = await okData<{ answer: string }>(
    await request.get(`/api/dev/captcha?key=${encodeURIComponent(key)}`),
    'dev captcha',
  );
  return data.answer;
}

/** A fresh captcha key with its answer, for calls made through the API. */
export async function solvedCaptcha(request: APIRequestContext): Promise<{ key: string; captcha: string }> {
  const { key } = await okData<{ key: string; image: string }>(await request.get('/api/sys/auth/captcha'), 'captcha');
  return { key, captcha: await captchaAnswer(request, key) };
}

export interface OutboxItem {
  mobile: string;
  code: string;
  purpose: string;
  sentAt: string;
}

export async function outbox(request: APIRequestContext, mobile: string): Promise<OutboxItem[]> {
  return okData<OutboxItem[]>(await request.get(`/api/dev/outbox?mobile=${encodeURIComponent(mobile)}`), 'dev outbox');
}

/**
 * The newest SMS code sent to `mobile` (optionally for one purpose: register, login, change-mobile),
 * waiting until at least `count` such messages exist (pass 2 for the second code to one number).
 */
export async function readSmsCode(
  request: APIRequestContext,
  mobile: string,
  options: { purpose?: string; count?: number } = {},
): Promise<string> {
  const count = options.count ?? 1;
  let items: OutboxItem[] = [];
  await expect
    .poll(
      async () => {
        items = (await outbox(request, mobile)).filter((m) => !options.purpose || m.purpose === options.purpose);
        return items.length;
      },
      { message: `SMS to ${mobile}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return items[0]!.code;
}

/** Registers a fresh user through the API (captcha, SMS code, register); returns it with its token. */
export async function registerViaApi(
  request: APIRequestContext,
  user: TestUser = newUser(),
): Promise<TestUser & { token: string }> {
  const sendCaptcha = await solvedCaptcha(request);
  await okData(
    await request.post('/api/sys/auth/send/registrationCode', {
      data: { mobile: user.mobile, ...sendCaptcha, userType: USER_TYPE },
    }),
    'send/registrationCode',
  );
  const code = await readSmsCode(request, user.mobile, { purpose: 'register' });
  const { accessToken } = await okData<{ accessToken: string }>(
    await request.post('/api/sys/auth/register', {
      data: {
        ...user,
        againPassword: user.password,
        email: '',
        ...(await solvedCaptcha(request)),
        code,
        checkInfo: true,
        userType: USER_TYPE,
      },
    }),
    'register',
  );
  return { ...user, token: accessToken };
}

/** The masked mobile the header shows (docs/product.md §2: 138****5678). */
export const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

/** Opens /home and stores the token where the web keeps it: the next page `page` opens is logged in. */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.goto('/home');
  await page.evaluate(([k, t]) => localStorage.setItem(k!, t!), [TOKEN_KEY, token]);
}

/** Leaves `page` on `path` logged in with the given token (as after a login), header showing the user. */
export async function loginWithToken(page: Page, token: string, mobile: string, path = '/home'): Promise<void> {
  await storeToken(page, token);
  await page.goto(path);
  await expect(page.getByTestId('header-user').getByText(masked(mobile))).toBeVisible();
}

/**
 * Registers a fresh user through the API and leaves `page` logged in on `path` (default /home).
 * For tests of other features that need a logged-in user; the accounts tests cover the UI flows.
 */
export async function registerAndLogin(page: Page, path = '/home'): Promise<TestUser & { token: string }> {
  const user = await registerViaApi(page.request);
  await loginWithToken(page, user.token, user.mobile, path);
  return user;
}

/** Reads the captcha shown in `scope` (a dialog) and types its answer. */
export async function solveCaptchaIn(scope: Locator, request: APIRequestContext): Promise<string> {
  const img = scope.getByRole('img', { name: '图形验证码' });
  await expect(img).toHaveAttribute('data-key', /.+/);
  const key = (await img.getAttribute('data-key'))!;
  const answer = await captchaAnswer(request, key);
  await scope.getByLabel('图形验证码', { exact: true }).fill(answer);
  return key;
}

/** The antd message toast with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

export const loginDialog = (page: Page) => page.getByRole('dialog', { name: '用户登录' });

/**
 * Opens the header's login dialog on 密码登录 and fills it: login name (username or mobile), password and the
 * captcha's answer. Returns the dialog, ready to submit with its 登录 button.
 */
export async function openPasswordLogin(page: Page, name: string, password: string): Promise<Locator> {
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = loginDialog(page);
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByLabel('用户名或手机号').fill(name);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await solveCaptchaIn(dialog, page.request);
  return dialog;
}

/** Password login through the header's dialog; resolves once the page has reloaded logged in. */
export async function loginWithPassword(page: Page, user: Pick<TestUser, 'username' | 'password' | 'mobile'>) {
  const dialog = await openPasswordLogin(page, user.username, user.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('header-user').getByText(masked(user.mobile))).toBeVisible();
}

export interface Timeline {
  click?: number;
  response?: number;
  toast?: number;
  path?: number;
  dialogOpen?: number;
  dialogGone?: number;
  /**
   * The longest the page's event loop went without running the probe (ms). A page timer fires at least that
   * late when the machine stalls the renderer, so upper bounds on a timer add it.
   */
  stall: number;
}
interface TimelineOptions {
  /** Text of a button whose first click is noted. */
  click?: string;
  /** Part of an API path whose first answer (the XHR reaching readyState 4) is noted. */
  response?: string;
  toast?: string;
  path?: string;
  dialog?: string;
}

/** Runs in the page: notes (performance.now) a click, an answer, and when a toast, a path or a dialog's end first shows. */
function timelineProbe(o: TimelineOptions) {
  const r: Timeline = { stall: 0 };
  let last = performance.now();
  (window as unknown as { __timeline: Timeline }).__timeline = r;
  if (o.response) {
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (String(args[1]).includes(o.response!)) {
        // readyState 4 comes before the app's own onload. 'loadend' came after it and after the app's work on
        // the answer (toast, state, its timers), which on a loaded CI machine put the note 12 ms late.
        this.addEventListener('readystatechange', () => {
          if (this.readyState === XMLHttpRequest.DONE) r.response ??= performance.now();
        });
      }
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof XMLHttpRequest.prototype.open;
  }
  if (o.click) {
    const listener = (e: Event) => {
      const button = (e.target as Element).closest('button');
      if (r.click === undefined && button?.textContent?.replace(/\s/g, '') === o.click) r.click = performance.now();
    };
    document.addEventListener('click', listener, true);
  }
  const tick = () => {
    const now = performance.now();
    r.stall = Math.max(r.stall, now - last);
    last = now;
    const notices = [...document.querySelectorAll('.ant-message-notice')];
    if (o.toast && r.toast === undefined && notices.some((n) => n.textContent?.includes(o.toast!))) r.toast = now;
    if (o.path && r.path === undefined && location.pathname === o.path) r.path = now;
    if (o.dialog) {
      const open = [...document.querySelectorAll('.ant-modal-title')].some((t) => t.textContent === o.dialog);
      if (open && r.dialogOpen === undefined) r.dialogOpen = now;
      if (!open && r.dialogOpen !== undefined && r.dialogGone === undefined) r.dialogGone = now;
    }
    setTimeout(tick, 5);
  };
  tick();
}

/**
 * Measures delays inside the page, so the test runner's own latency does not count. With
 * `fromLoad` it is installed for the next page loads (for events that happen while loading).
 */
export async function startTimeline(page: Page, options: TimelineOptions, fromLoad = false): Promise<() => Promise<Timeline>> {
  if (fromLoad) await page.addInitScript(timelineProbe, options);
  else await page.evaluate(timelineProbe, options);
  return () => page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);
}

/** Registers `user` through the header's 注册 dialog (Enter submits); leaves the 注册成功 prompt open. */
export async function registerThroughDialog(page: Page, user: TestUser) {
  await page.getByRole('button', { name: '注册', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户注册' });
  await dialog.getByLabel('用户名').fill(user.username);
  await dialog.getByLabel('密码', { exact: true }).fill(user.password);
  await dialog.getByLabel('确认密码').fill(user.password);
  await dialog.getByLabel('手机号', { exact: true }).fill(user.mobile);
  await solveCaptchaIn(dialog, page.request);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await readSmsCode(page.request, user.mobile, { purpose: 'register' }));
  await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  // Enter in a field submits the form.
  await dialog.getByLabel('短信验证码').press('Enter');
  return dialog;
}
