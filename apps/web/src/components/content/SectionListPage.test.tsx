import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

const list = vi.hoisted(() => vi.fn());
// The section's list call is the only call of this page (news has no facet filters).
vi.mock('../../lib/http.ts', () => ({ callApi: () => list() }));

const { SectionListPage } = await import('./SectionListPage.tsx');
const { newsConfig } = await import('../../features/news/lib/config.ts');

const page = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/news', element: <SectionListPage config={newsConfig} /> }], {
        initialEntries: [url],
      })}
    />,
  );

afterEach(() => list.mockReset());

describe('SectionListPage when nothing is listed', () => {
  it('says a section with no content at all is empty, without filters, count or pager', async () => {
    list.mockResolvedValue({ code: 0, msg: '', data: { list: [], total: 0, page: 1, size: 6 } });
    page('/news');
    expect((await screen.findByTestId('section-empty')).textContent).toContain('本栏目暂无内容');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByTestId('list-total')).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('keeps the filters when a search found nothing in a section that has content', async () => {
    list.mockResolvedValue({ code: 0, msg: '', data: { list: [], total: 0, page: 1, size: 6 } });
    page('/news?keyword=zzz');
    expect(await screen.findByText('没有符合条件的内容，请调整筛选条件')).toBeTruthy();
    expect(screen.queryByTestId('section-empty')).toBeNull();
    expect(screen.getByRole('searchbox')).toBeTruthy();
  });
});
