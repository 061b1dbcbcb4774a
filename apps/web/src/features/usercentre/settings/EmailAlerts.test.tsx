import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from '../../../lib/feedback.ts';

const calls = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/http.ts', () => ({
  callApi: (route: string, args: unknown) => (route.startsWith('GET ') ? calls.get : calls.put)(route, args),
}));

const { EmailAlerts } = await import('./EmailAlerts.tsx');

// Toasts are checked, not drawn (see components/CollectButton.test.tsx).
const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
vi.spyOn(toast, 'error').mockImplementation(() => undefined);

const settings = (over: Record<string, unknown>) => ({
  code: 0,
  msg: '',
  data: {
    emailEnabled: true,
    emailOffReason: null,
    email: 'a@example.com',
    emailVerified: true,
    preferences: [{ kind: 'standard_status', channel: 'email', enabled: false }],
    ...over,
  },
});

afterEach(() => {
  cleanup();
  calls.get.mockReset();
  calls.put.mockReset();
  success.mockClear();
});

describe('EmailAlerts', () => {
  it('says why when the platform cannot mail', async () => {
    calls.get.mockResolvedValue(
      settings({ emailEnabled: false, emailOffReason: '本平台未配置邮件服务（SMTP），暂不能发送邮件' }),
    );
    render(<EmailAlerts version={0} />);
    expect(await screen.findByText('本平台未配置邮件服务（SMTP），暂不能发送邮件')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks for the verification link before offering the switch', async () => {
    calls.get.mockResolvedValue(settings({ emailVerified: false }));
    render(<EmailAlerts version={0} />);
    expect(await screen.findByText(/尚未验证/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('turns status-change mails on for a verified address', async () => {
    calls.get.mockResolvedValue(settings({}));
    calls.put.mockResolvedValue({ code: 0, msg: '已保存', data: [] });
    render(<EmailAlerts version={0} />);
    const box = (await screen.findByRole('checkbox')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(calls.put).toHaveBeenCalledWith('PUT /api/user/alerts/preferences', {
      body: { kind: 'standard_status', channel: 'email', enabled: true },
    });
    expect(success).toHaveBeenCalledWith('已保存'); // the server's message wins over the fixed text
  });
});
