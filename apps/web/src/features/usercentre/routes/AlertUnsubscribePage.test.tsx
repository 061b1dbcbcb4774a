import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from '../../../lib/feedback.ts';

const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/http.ts', () => ({
  callApi: (route: string, args: unknown) => (route.startsWith('GET ') ? calls.get : calls.post)(route, args),
}));

const { default: AlertUnsubscribePage } = await import('./AlertUnsubscribePage.tsx');
vi.spyOn(toast, 'success').mockImplementation(() => undefined);
const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);

const TOKEN = 'tok_abcdefghijklmnop';
const open = (query = `?token=${TOKEN}`) =>
  render(
    <MemoryRouter initialEntries={[`/alerts-unsubscribe${query}`]}>
      <AlertUnsubscribePage />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  calls.get.mockReset();
  calls.post.mockReset();
  error.mockClear();
});

/** The page an alert mail's unsubscribe link opens (docs/alerts.md): opening it changes nothing, the button does. */
describe('AlertUnsubscribePage', () => {
  it('only reads what the link names until 确认退订 is pressed, then POSTs the token', async () => {
    calls.get.mockResolvedValue({ code: 0, msg: '', data: { kind: 'standard_status', channel: 'email', enabled: true } });
    calls.post.mockResolvedValue({ code: 0, msg: '已退订', data: { kind: 'standard_status', channel: 'email' } });
    open();
    const button = await screen.findByRole('button', { name: '确认退订' });
    expect(calls.get).toHaveBeenCalledWith('GET /api/alerts/unsubscribe', { query: { token: TOKEN } });
    expect(calls.post).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('已退订收藏的标准状态变更提醒邮件'),
    );
    expect(calls.post).toHaveBeenCalledWith('POST /api/alerts/unsubscribe', { query: { token: TOKEN }, body: {} });
  });

  it('says so when already unsubscribed, and offers no button', async () => {
    calls.get.mockResolvedValue({ code: 0, msg: '', data: { kind: 'standard_status', channel: 'email', enabled: false } });
    open();
    expect((await screen.findByRole('status')).textContent).toContain('已退订');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the server message for an unknown link, and a note for an incomplete one', async () => {
    calls.get.mockResolvedValue({ code: 400, msg: '退订链接无效', data: null });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('退订链接无效');
    cleanup();
    open('');
    expect((await screen.findByRole('alert')).textContent).toContain('链接不完整');
    expect(calls.get).toHaveBeenCalledTimes(1);
  });
});
