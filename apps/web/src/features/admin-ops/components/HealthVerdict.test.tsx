import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SiteHealth } from '@zs/shared/api/admin-dashboard';
import { BrokenLinks } from './BrokenLinks.tsx';
import { Findings, HealthVerdict } from './HealthVerdict.tsx';

const health = (over: Partial<SiteHealth>): SiteHealth => ({
  sections: [],
  noPublishDate: [],
  brokenLinks: { checkedAt: null, checked: 0, broken: [] },
  overdue: [],
  wordHits: [],
  findings: [],
  red: false,
  ...over,
});

describe('the health page speaks plainly (issue 30)', () => {
  it('before any check says 尚未检查 alone, never also 未发现', () => {
    render(<BrokenLinks links={health({}).brokenLinks} busy={false} onCheck={() => undefined} />);
    expect(screen.getByRole('heading').textContent).toContain('尚未检查');
    expect(screen.queryByText('未发现失效链接与附件')).toBeNull();
  });
  it('after a check counts what it checked', () => {
    render(
      <BrokenLinks
        links={{ checkedAt: '2026-11-26T01:00:00.000Z', checked: 12, broken: [] }}
        busy={false}
        onCheck={() => undefined}
      />,
    );
    expect(screen.getByRole('heading').textContent).toContain('共检查 12 个链接和附件');
    expect(screen.getByText('未发现失效链接与附件')).toBeTruthy();
  });
  it('gives one verdict counting every row, and 去处理 on each finding', () => {
    const findings: SiteHealth['findings'] = [
      { kind: 'demo_contact', label: '页脚联系人「示例运营联系人」', detail: '…', link: '/admin/settings' },
      { kind: 'empty_section', label: '导航“人才库”（/talent-pool）没有内容', detail: '…', link: '/admin/content/talent' },
    ];
    render(
      <MemoryRouter>
        <HealthVerdict health={health({ findings, red: true })} />
        <Findings findings={findings} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: /^未通过：2 项需要处理$/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '去处理' }).map((a) => a.getAttribute('href'))).toEqual([
      '/admin/settings',
      '/admin/content/talent',
    ]);
  });
  it('says 可以迎检 when nothing is left', () => {
    render(<HealthVerdict health={health({ brokenLinks: { checkedAt: '2026-11-26T01:00:00.000Z', checked: 3, broken: [] } })} />);
    expect(screen.getByRole('heading').textContent).toBe('可以迎检：未发现需要处理的问题');
  });
});
