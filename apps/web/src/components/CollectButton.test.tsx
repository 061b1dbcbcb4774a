import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '../lib/session.ts';
import { toast } from '../lib/feedback.ts';

const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
// The status call is the only GET, the collect call the only POST.
vi.mock('../lib/http.ts', () => ({
  callApi: (route: string, args: unknown) => (route.startsWith('GET ') ? calls.get : calls.post)(route, args),
}));

const { CollectButton } = await import('./CollectButton.tsx');

// The toasts are checked, not drawn: antd's message root closes them on its own timers, which would outlive
// the file's jsdom ("window is not defined" after the last test, seen on a loaded CI machine).
const toasts = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };
for (const spy of Object.values(toasts)) spy.mockImplementation(() => undefined);

afterEach(() => {
  toasts.success.mockClear();
  toasts.error.mockClear();
  calls.get.mockReset();
  calls.post.mockReset();
  useSession.getState().clearSession();
  useSession.getState().closeDialog();
});

describe('CollectButton', () => {
  it('opens the login dialog for visitors and calls nothing', () => {
    render(<CollectButton itemType="standard" itemId={7} />);
    fireEvent.click(screen.getByTestId('collect-button'));
    expect(useSession.getState().loginVisible).toBe(true);
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.post).not.toHaveBeenCalled();
  });

  it('asks the server for its state, then flips to what the server answers', async () => {
    useSession.getState().setToken('tok');
    calls.get.mockResolvedValue({ code: 0, msg: '', data: { 7: false } });
    calls.post.mockResolvedValue({ code: 0, msg: '', data: { collected: true } });
    render(<CollectButton itemType="standard" itemId={7} />);
    await waitFor(() =>
      expect(calls.get).toHaveBeenCalledWith('GET /api/user/collections/status', { query: { itemType: 'standard', ids: '7' } }),
    );
    const button = screen.getByTestId('collect-button');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.post).toHaveBeenCalledWith('POST /api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
      body: { itemType: 'standard', itemId: 7, collect: true },
    });
    expect(button.textContent).toContain('已收藏');
    expect(toasts.success).toHaveBeenCalledWith('收藏成功');
  });

  it('a visitor’s 收藏 is remembered with the login’s reason and done once the login lands, only for that item', async () => {
    const view = render(<CollectButton itemType="standard" itemId={7} collected={false} />);
    fireEvent.click(screen.getByTestId('collect-button'));
    expect(useSession.getState()).toMatchObject({ loginVisible: true, loginReason: '登录后将为您收藏此条目。' });
    expect(JSON.parse(sessionStorage.getItem('actionAfterLogin')!)).toEqual({ kind: 'collect', itemType: 'standard', itemId: 7 });
    calls.post.mockResolvedValue({ code: 0, msg: '', data: { collected: true } });
    view.unmount();
    // The login succeeds; on the reloaded page another item's button leaves the action alone, this one does it.
    useSession.getState().setToken('tok');
    render(<CollectButton itemType="standard" itemId={8} collected={false} />);
    render(<CollectButton itemType="standard" itemId={7} collected={false} />);
    await waitFor(() => expect(calls.post).toHaveBeenCalledTimes(1));
    expect(calls.post).toHaveBeenCalledWith('POST /api/zs/ent/EntZsCollection/zsCollectionAddOrUpdate', {
      body: { itemType: 'standard', itemId: 7, collect: true },
    });
    await waitFor(() => expect(sessionStorage.getItem('actionAfterLogin')).toBeNull());
  });

  it('keeps the answer of a click when the status read before it arrives later', async () => {
    useSession.getState().setToken('tok');
    let answerStatus: (v: unknown) => void = () => undefined;
    calls.get.mockReturnValue(new Promise((resolve) => (answerStatus = resolve)));
    calls.post.mockResolvedValue({ code: 0, msg: '', data: { collected: true } });
    render(<CollectButton itemType="standard" itemId={7} />);
    const button = screen.getByTestId('collect-button');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    answerStatus({ code: 0, msg: '', data: { 7: false } });
    await new Promise((r) => setTimeout(r, 0));
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('uses a known state from the list page without asking again, and keeps it on a refusal', async () => {
    useSession.getState().setToken('tok');
    calls.post.mockResolvedValue({ code: 404, msg: '收藏的内容不存在或已下线', data: null });
    render(<CollectButton itemType="news" itemId={3} collected />);
    const button = screen.getByTestId('collect-button');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(calls.post).toHaveBeenCalled());
    expect(calls.get).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('收藏的内容不存在或已下线'));
  });
});
