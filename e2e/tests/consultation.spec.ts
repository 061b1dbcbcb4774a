import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginWithToken, registerAndLogin, toast } from './helpers/accounts.ts';
import { axeProblems, settle } from './helpers/a11y.ts';
import { call } from './helpers/api.ts';
import { pickOption } from './helpers/select.ts';
import { registerStaff } from './usercentre-helpers.ts';

/** A one-page PDF that pdf.js renders (offsets computed, so no repair is needed). */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 40 100 Td (Draft 4.1) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

/** Beijing wall-clock time for a datetime-local field, `hours` from now. */
const beijingInput = (hours: number) => new Date(Date.now() + 8 * 3600_000 + hours * 3600_000).toISOString().slice(0, 16);

async function fillComment(page: Page, i: number, clause: string, content: string) {
  const block = page.getByTestId('comment-block').nth(i);
  await block.getByLabel('章条编号').fill(clause);
  await block.getByLabel('意见内容').fill(content);
}

test('the office publishes a draft, a user comments on two clauses, the office answers both and exports the table, the user sees the outcome', async ({
  page,
  browser,
  pageErrors,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-6);
  const project = `【示例】黄圃腊味加工规范 ${n}`;

  // The office: a new draft in the console, its PDF uploaded through the file check, then 发布.
  const staff = await registerStaff(page.request, 'operator');
  const office = await browser.newContext();
  const op = await office.newPage();
  await loginWithToken(op, staff.token, staff.mobile, '/home');
  await op.goto('/admin/consultation');
  await op.getByRole('button', { name: '新建征求意见稿' }).click();
  await op.getByLabel('项目名称').fill(project);
  await op.getByLabel('计划号').fill(`ZS-E2E-${n}`);
  await op.getByLabel('起草单位').fill('示例起草单位');
  await op.getByLabel('归口单位').fill('示例归口单位');
  await op.getByLabel('征求意见开始时间（北京时间）').fill(beijingInput(-1));
  await op.getByLabel('征求意见截止时间（北京时间）').fill(beijingInput(72));
  await op.getByLabel('联系方式').fill('示例联系人 0760-00000000');
  await op
    .getByLabel('征求意见稿（PDF 或 DOCX）')
    .setInputFiles({ name: '征求意见稿.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
  await expect(op.getByRole('link', { name: '征求意见稿.pdf' })).toBeVisible();
  await op.getByRole('button', { name: '保存', exact: true }).click();
  await expect(op).toHaveURL(/\/admin\/consultation\/edit\?id=\d+/);
  const id = Number(new URL(op.url()).searchParams.get('id'));
  await op.getByRole('button', { name: '发布', exact: true }).click();
  await expect(op.getByLabel('发布状态').getByText('已发布')).toBeVisible();

  // A user finds it, reads the draft in the reader and comments on two clauses in one submission.
  await registerAndLogin(page, '/consultation');
  await page.getByRole('search').getByLabel('关键词').fill(n);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await page.getByRole('link', { name: project }).click();
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
  await expect(page.getByTestId('period-state')).toHaveText(/征集中（剩 [23] 天）/);
  await page.getByRole('button', { name: '在线阅读' }).click();
  await expect(page.getByTestId('std-reader-canvas')).toHaveAttribute('data-rendered-page', '1');
  await fillComment(page, 0, '4.1', '建议明确腊味的含水量上限');
  await page.getByRole('button', { name: '再添加一条' }).click();
  await fillComment(page, 1, '5.2', '检验方法应引用现行国家标准');
  await page.getByRole('button', { name: '提交意见' }).click();
  await expect(toast(page, '意见已提交')).toBeVisible();
  await expect(page.getByRole('heading', { name: '我的意见（2 条）' })).toBeVisible();
  await expect(page.getByTestId('comment-count')).toHaveText('已收到意见 2 条');

  // The office answers both and downloads the 汇总处理表.
  // The list shows the count as it is now.
  await op.goto('/admin/consultation');
  const row = op.getByRole('row').filter({ hasText: project });
  await expect(row.getByTestId('draft-comments-link')).toHaveText('2 条（待处理 2）');
  await row.getByTestId('draft-comments-link').click();
  await expect(op).toHaveURL(new RegExp(`/admin/consultation/comments\\?id=${id}$`));
  const comments = op.getByTestId('console-comment');
  await expect(comments).toHaveCount(2);
  await pickOption(op, op.getByLabel('第 1 条的处理意见'), /^采纳$/, comments.nth(0).getByTitle('采纳', { exact: true }));
  await comments.nth(0).getByRole('button', { name: '保存处理意见' }).click();
  await expect(toast(op, '已处理并通知提出人')).toBeVisible();
  await pickOption(op, op.getByLabel('第 2 条的处理意见'), /^未采纳$/, comments.nth(1).getByTitle('未采纳', { exact: true }));
  await op.getByLabel('第 2 条的理由').fill('检验方法已在第6章引用');
  await comments.nth(1).getByRole('button', { name: '保存处理意见' }).click();
  await expect(comments.nth(1).getByRole('button', { name: '更新处理意见' })).toBeVisible();
  const [xlsx] = await Promise.all([
    op.waitForEvent('download'),
    op.getByRole('button', { name: '下载汇总处理表（XLSX）' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`征求意见汇总处理表-ZS-E2E-${n}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await xlsx.path());
  const sheet: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => sheet.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(sheet).toEqual([
    ['序号', '章条编号', '意见内容', '提出单位', '处理意见及理由'],
    ['1', '4.1', '建议明确腊味的含水量上限', '个人', '采纳'],
    ['2', '5.2', '检验方法应引用现行国家标准', '个人', '未采纳：检验方法已在第6章引用'],
  ]);
  await op.getByRole('button', { name: '在公开页面公布汇总处理表' }).click();
  await expect(op.getByRole('button', { name: '从公开页面撤下汇总处理表' })).toBeVisible();
  await office.close();

  // The user sees the outcome on the page, in the published table and in 我的意见.
  await page.reload();
  await expect(page.getByTestId('my-comment-outcome')).toHaveText(['采纳', '未采纳：检验方法已在第6章引用']);
  await expect(page.getByRole('region', { name: '征求意见汇总处理表（可横向滚动）' })).toContainText(
    '未采纳：检验方法已在第6章引用',
  );
  await page.goto('/my-consultation');
  await expect(page.getByTestId('my-comment-outcome').first()).toContainText('处理结果：');
  await page.goto('/my-message');
  await expect(page.getByText(`您对《${project}》的意见已处理：采纳`)).toBeVisible();
  expect(id).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});

test('the public pages of drafts for comment pass axe at 1920 and 390 px', async ({ page }) => {
  test.slow();
  const staff = await registerStaff(page.request, 'admin');
  const n = String(Date.now()).slice(-6);
  const created = await call<{ id: number }>(page.request, staff.token, 'POST', '/api/admin/consultations', {
    projectName: `【示例】无障碍检查用征求意见稿 ${n}`,
    planNo: `ZS-A11Y-${n}`,
    kind: 'group',
    draftingUnits: '示例起草单位',
    responsibleUnit: '示例归口单位',
    startsAt: new Date(Date.now() - 3600_000).toISOString(),
    deadline: new Date(Date.now() + 5 * 86400_000).toISOString(),
    contact: '示例联系人',
  });
  expect(created.code, created.msg).toBe(0);
  const pub = await call(page.request, staff.token, 'POST', `/api/admin/consultations/${created.data.id}/status`, {
    action: 'publish',
  });
  expect(pub.code, pub.msg).toBe(0);
  const problems: string[] = [];
  for (const width of [1920, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1080 });
    for (const path of ['/consultation', `/consultation-detail?id=${created.data.id}`]) {
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      problems.push(...(await axeProblems(page, `${path} at ${width}px`)));
      if (width === 390) {
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `${path} scrolls sideways at 390px`).toBeLessThanOrEqual(0);
      }
    }
  }
  expect(problems).toEqual([]);
});
