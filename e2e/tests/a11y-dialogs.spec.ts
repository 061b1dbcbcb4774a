import { test, expect } from './fixtures.ts';
import { loginDialog, newUser, registerThroughDialog, storeToken } from './helpers/accounts.ts';
import { registerStaff } from './usercentre-helpers.ts';
import { axeProblems, isConsole, overflowProblems, routes, settle } from './helpers/a11y.ts';

/**
 * axe over every dialog (login with both tabs, reset, register with its errors, the certification prompt,
 * logout confirmation, the phone navigation drawer) and over every console page, at 1920 and 390px.
 * Also: form errors are tied to their fields, and closing a dialog gives focus back to its opener.
 */
for (const width of [1920, 390]) {
  const phone = width < 768;
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: phone ? 844 : 1080 } });

    test('account dialogs: no serious or critical axe violations; errors tied to fields; focus returns', async ({ page }) => {
      test.setTimeout(240_000);
      const problems: string[] = [];
      await page.goto('/home');
      await settle(page);

      const loginButton = page.getByRole('button', { name: '登录', exact: true });
      await loginButton.click();
      const login = loginDialog(page);
      await expect(login.getByRole('img', { name: '图形验证码' })).toHaveAttribute('data-key', /.+/);
      problems.push(...(await axeProblems(page, `登录·密码登录 (${width}px)`)));
      await login.getByRole('tab', { name: '手机号登录' }).click();
      await expect(login.getByRole('tab', { name: '手机号登录' })).toHaveAttribute('aria-selected', 'true');
      problems.push(...(await axeProblems(page, `登录·手机号登录 (${width}px)`)));
      await page.keyboard.press('Escape');
      await expect(login).toBeHidden();
      // antd gives focus back to the control that opened the dialog.
      await expect(loginButton).toBeFocused();

      await loginButton.click();
      await login.getByRole('button', { name: '忘记密码' }).click();
      const reset = page.getByRole('dialog', { name: '重置密码' });
      await expect(reset).toBeVisible();
      problems.push(...(await axeProblems(page, `重置密码 (${width}px)`)));
      await page.keyboard.press('Escape');
      await expect(reset).toBeHidden();

      await page.getByRole('button', { name: '注册', exact: true }).click();
      const register = page.getByRole('dialog', { name: '用户注册' });
      await register.getByRole('button', { name: '注册', exact: true }).click();
      // The error is announced and tied to its field.
      const username = register.getByLabel('用户名');
      await expect(username).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await username.getAttribute('aria-describedby')) ?? '';
      await expect(register.locator(`[id="${describedBy.split(' ')[0]}"]`)).toContainText(
        '请输入由英文、数字组合的6-25位用户名称',
      );
      // …and announced through the form's live region.
      await expect(register.getByRole('status')).toHaveText('请输入由英文、数字组合的6-25位用户名称');
      problems.push(...(await axeProblems(page, `注册（校验提示） (${width}px)`)));
      await page.keyboard.press('Escape');
      await expect(register).toBeHidden();

      await registerThroughDialog(page, newUser());
      const prompt = page.getByRole('dialog', { name: '注册成功' });
      await expect(prompt).toBeVisible();
      problems.push(...(await axeProblems(page, `认证提示 (${width}px)`)));
      await prompt.getByRole('button', { name: '开始使用' }).click();
      await expect(page).toHaveURL(/\/home$/);

      const logout = page.getByRole('button', { name: '退出' });
      await logout.click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect(confirm).toContainText('确定要退出系统吗？');
      problems.push(...(await axeProblems(page, `退出确认 (${width}px)`)));
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(logout).toBeFocused();

      if (phone) {
        const menu = page.getByRole('button', { name: '打开导航菜单' });
        await menu.click();
        const drawer = page.getByRole('dialog', { name: '导航' });
        await expect(drawer.getByRole('link', { name: '政策资讯' })).toBeVisible();
        problems.push(...(await axeProblems(page, `导航抽屉 (${width}px)`)));
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(menu).toBeFocused();
      }
      expect(problems).toEqual([]);
    });

    test('every console page as an admin: no serious or critical axe violations', async ({ page }) => {
      test.setTimeout(240_000);
      const admin = await registerStaff(page.request, 'admin');
      await storeToken(page, admin.token);
      const problems: string[] = [];
      // Section pages are opened for the news section; pages of one existing item (:id) are the same
      // editor and preview components as /new, so they are not walked again.
      const paths = routes
        .filter(isConsole)
        .map((r) => r.path.replace(':section', 'news'))
        .filter((p) => !p.includes(':'));
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('#main h1')).toBeVisible();
        await settle(page);
        problems.push(...(await axeProblems(page, `${path} (${width}px)`)));
        if (phone) problems.push(...(await overflowProblems(page, `${path} (${width}px)`)));
      }
      expect(problems).toEqual([]);
    });
  });
}
