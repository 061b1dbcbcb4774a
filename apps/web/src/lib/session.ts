import { create } from 'zustand';
import type { UserInfo as UserInfoAnswer } from '@zs/shared/api/auth';
import { redirectStorage, tokenStorage } from './storage.ts';

/** User info of docs/product.md §3 (the getUserInfo answer); the header needs only name, mobile and unread. */
export type UserInfo = Pick<UserInfoAnswer, 'username' | 'mobile' | 'unread'> &
  Partial<Omit<UserInfoAnswer, 'username' | 'mobile' | 'unread'>>;

export type AuthDialog = 'login' | 'register' | 'reset' | 'prompt';
export type LoginTab = 'password' | 'mobile';

export interface Crumb {
  title: string;
  path?: string;
}

export interface SessionState {
  accessToken: string;
  isLogin: boolean;
  userInfo: UserInfo | null;
  loginVisible: boolean;
  dialog: AuthDialog;
  loginTab: LoginTab;
  headerVisible: boolean;
  footerVisible: boolean;
  loading: { show: boolean; tip: string };
  breadcrumbList: Crumb[];
  redirectAfterLogin: string | null;
  /** Why the login dialog opened by itself (a guarded page, an action that needs an account), shown in it. */
  loginReason: string | null;

  setToken: (token: string) => void;
  removeToken: () => void;
  setUserInfo: (user: UserInfo | null) => void;
  clearUser: () => void;
  /** Forgets user and token at once (expired login, docs/product.md §8). */
  clearSession: () => void;
  /** `reason` is kept while the dialogs stay open (switching tabs, to 注册 and back) and dropped when they close. */
  openDialog: (dialog: AuthDialog, tab?: LoginTab, reason?: string) => void;
  closeDialog: () => void;
  showLoading: (tip?: string) => void;
  hideLoading: () => void;
  setChrome: (chrome: { header: boolean; footer: boolean }) => void;
  setBreadcrumbList: (list: Crumb[]) => void;
  setRedirectAfterLogin: (path: string | null) => void;
}

const initialToken = tokenStorage.get();

export const useSession = create<SessionState>()((set) => ({
  accessToken: initialToken,
  isLogin: Boolean(initialToken),
  userInfo: null,
  loginVisible: false,
  dialog: 'login',
  loginTab: 'password',
  headerVisible: true,
  footerVisible: true,
  loading: { show: false, tip: '' },
  breadcrumbList: [],
  redirectAfterLogin: redirectStorage.get(),
  loginReason: null,

  setToken: (token) => {
    tokenStorage.set(token);
    set({ accessToken: token, isLogin: Boolean(token) });
  },
  // Without a token the user info means nothing (and a late user-info answer must not linger).
  removeToken: () => {
    tokenStorage.remove();
    set({ accessToken: '', isLogin: false, userInfo: null });
  },
  setUserInfo: (userInfo) => set({ userInfo }),
  clearUser: () => set({ userInfo: null }),
  clearSession: () => {
    tokenStorage.remove();
    set({ accessToken: '', isLogin: false, userInfo: null });
  },
  openDialog: (dialog, tab, reason) =>
    set((s) => ({
      loginVisible: true,
      dialog,
      loginTab: tab ?? s.loginTab,
      loginReason: reason ?? (s.loginVisible ? s.loginReason : null),
    })),
  closeDialog: () => set({ loginVisible: false }),
  showLoading: (tip = '加载中...') => set({ loading: { show: true, tip } }),
  hideLoading: () => set((s) => (s.loading.show ? { loading: { show: false, tip: '' } } : s)),
  setChrome: ({ header, footer }) => set({ headerVisible: header, footerVisible: footer }),
  setBreadcrumbList: (breadcrumbList) => set({ breadcrumbList }),
  setRedirectAfterLogin: (path) => {
    redirectStorage.set(path);
    set({ redirectAfterLogin: path });
  },
}));
