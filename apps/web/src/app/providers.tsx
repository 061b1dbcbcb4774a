import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { antdTheme } from '../lib/theme.ts';
import { useCareMode } from '../lib/care.ts';

// antd sizes controls in px; care mode (适老化) gets larger text and 44px controls from the theme.
const themes = { plain: antdTheme(false), care: antdTheme(true) };
// No space inserted between two-character labels (登录, 注册): the text stays as written.
const button = { autoInsertSpace: false };

// Static message/Modal calls (made from the HTTP client and session actions, outside React)
// render through this holder, so they get the same locale and theme as the app.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={useCareMode.getState().on ? themes.care : themes.plain} button={button}>
      {children}
    </ConfigProvider>
  ),
});

export function Providers({ children }: { children: ReactNode }) {
  const care = useCareMode((s) => s.on);
  return (
    <ConfigProvider locale={zhCN} theme={care ? themes.care : themes.plain} button={button}>
      {children}
    </ConfigProvider>
  );
}
