import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Header } from './Header.tsx';
import { useSession } from '../../lib/session.ts';

function renderHeader(checkIndex?: number) {
  return render(
    <MemoryRouter>
      <Header checkIndex={checkIndex} />
    </MemoryRouter>,
  );
}

describe('Header (docs/product.md §2)', () => {
  it('logged in: masked mobile linking /my-collection, bell with unread dot, 退出', () => {
    useSession.getState().setToken('tok');
    useSession.getState().setUserInfo({ username: 'zhangsan01', mobile: '13812345678', unread: 3 });
    renderHeader(2);
    const masked = screen.getByText('138****5678');
    expect(masked.closest('a')?.getAttribute('href')).toBe('/my-collection');
    expect(screen.getByText('zhangsan01')).toBeTruthy();
    expect(screen.queryByText('13812345678')).toBeNull();
    const bell = screen.getByRole('link', { name: /我的消息/ });
    expect(bell.getAttribute('href')).toBe('/my-message');
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
    expect(screen.getByRole('button', { name: /退出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^登\s*录$/ })).toBeNull();
    useSession.getState().clearSession();
  });

  it('no unread dot when unread is 0', () => {
    useSession.getState().setToken('tok');
    useSession.getState().setUserInfo({ username: 'zhangsan01', mobile: '13812345678', unread: 0 });
    renderHeader();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    useSession.getState().clearSession();
  });

  it('visitor: 登录 and 注册 open the dialogs; 17 nav links; current item marked', () => {
    useSession.getState().clearSession();
    const { container } = renderHeader(3);
    screen.getByRole('button', { name: /^注\s*册$/ }).click();
    expect(useSession.getState()).toMatchObject({ loginVisible: true, dialog: 'register' });
    screen.getByRole('button', { name: /^登\s*录$/ }).click();
    expect(useSession.getState()).toMatchObject({ loginVisible: true, dialog: 'login' });
    const nav = container.querySelector('nav[aria-label="主导航"]')!;
    expect(nav.querySelectorAll('a[href]').length).toBe(17);
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect(current.length).toBe(1);
    expect(current[0]!.getAttribute('data-check-index')).toBe('3');
    useSession.getState().closeDialog();
  });
});
