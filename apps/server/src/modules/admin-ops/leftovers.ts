import { CONTENT_CONSOLE_SECTIONS, PORTAL_SECTION_NAMES, type PortalSection, type SiteHealth } from '@zs/shared';
import type { Database } from '../../db/client.ts';
import { countDemoFulltexts } from '../standards/index.ts';
import { countDemoItemsBySection } from '../portal/index.ts';
import { demoLeftovers, hideEmptySections } from '../site/index.ts';

/**
 * What an inspector would see as unfinished (issue 30: a site full of 示例 was called 正常): every section still
 * holding 示例 items, demo full texts, demo footer contacts, placeholder site lines, and top-navigation links
 * that open an empty section (unless 隐藏空栏目 takes them out). Each row says it plainly and links to where the office fixes it.
 */

/** The public list page each section's top-navigation link opens (apps/web/src/app/nav.ts). */
const NAV_PAGE: Partial<Record<PortalSection, string>> = {
  news: '/news',
  standard_plus: '/standard-plus',
  service: '/service-platform',
  talent: '/talent-pool',
  training: '/training-material',
  activity: '/activity',
  result: '/result-shenzhen',
  xiangshan_product: '/standard-xiangshan',
  demonstration: '/standard-demonstration',
  standard_system_node: '/standard-system',
};

const consoleOf = (s: string) => {
  const name = Object.entries(CONTENT_CONSOLE_SECTIONS).find(([, section]) => section === s)?.[0];
  return name ? `/admin/content/${name}` : '/admin/content';
};

export async function leftoverFindings(db: Database, sections: SiteHealth['sections']): Promise<SiteHealth['findings']> {
  const findings: SiteHealth['findings'] = [];
  for (const { section, n } of await countDemoItemsBySection(db)) {
    const name = PORTAL_SECTION_NAMES[section as PortalSection] ?? section;
    findings.push({
      kind: 'demo_items',
      label: `${name}：${n} 条示例内容`,
      detail: '标为“示例”的演示内容仍在网站上，请替换为真实内容，或在站点设置中一键删除示例。',
      link: consoleOf(section),
    });
  }
  const fulltexts = await countDemoFulltexts(db);
  if (fulltexts > 0)
    findings.push({
      kind: 'demo_fulltexts',
      label: `标准全文：${fulltexts} 份示例全文`,
      detail: '示例全文不是标准的真实文本，请上传真实全文或删除示例。',
      link: '/admin/settings',
    });
  const { contacts, settings } = await demoLeftovers(db);
  for (const c of contacts)
    findings.push({
      kind: 'demo_contact',
      label: `页脚联系人「${c.name}」（${c.mobile}）`,
      detail: '这是示例联系人，访客会按它联系运营单位，请改为真实的姓名、电话和邮箱。',
      link: '/admin/settings',
    });
  for (const s of settings)
    findings.push({
      kind: 'placeholder_setting',
      label: `${s.label}：${s.value}`,
      detail: '页脚仍显示占位文字，请填写运营单位的真实信息。',
      link: '/admin/settings',
    });
  // With 隐藏空栏目 on (decisions/0088) an empty section has no navigation link to flag.
  const hidden = await hideEmptySections(db);
  for (const s of hidden ? [] : sections) {
    const page = NAV_PAGE[s.section as PortalSection];
    if (!page || !s.blank) continue;
    findings.push({
      kind: 'empty_section',
      label: `导航“${s.label}”（${page}）没有内容`,
      detail: '访客从顶部导航点进去只会看到空页面，请发布内容后再开放这个栏目。',
      link: consoleOf(s.section),
    });
  }
  return findings;
}
