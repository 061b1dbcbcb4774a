import { describe, expect, it } from 'vitest';
import { navItems, visibleNavItems } from './nav.ts';

const labels = (items: ReturnType<typeof visibleNavItems>) =>
  items.map((i) => (i.children ? `${i.label}[${i.children.map((c) => c.label).join(',')}]` : i.label));

describe('visibleNavItems (隐藏空栏目, decisions/0088)', () => {
  it('keeps every item when nothing is hidden', () => {
    expect(visibleNavItems(new Set())).toEqual(navItems);
  });

  it('drops hidden links, trims groups and drops a group left without links', () => {
    const shown = labels(
      visibleNavItems(new Set(['/news', '/result-shenzhen', '/activity', '/activity-standard', '/activity-enterprise'])),
    );
    expect(shown).not.toContain('政策资讯');
    expect(shown).toContain('深圳标准[深圳标准]');
    expect(shown.some((l) => l.startsWith('活动'))).toBe(false);
    expect(shown).toContain('首页');
    expect(shown).toHaveLength(navItems.length - 2);
  });
});
