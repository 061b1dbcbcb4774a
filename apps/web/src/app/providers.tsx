import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

const theme = { token: { colorPrimary: '#1f5fbf', borderRadius: 4 } };
// No space inserted between two-character labels (登录, 注册): the text stays as written.
const button = { autoInsertSpace: false };

// Static message/Modal calls (made from the HTTP client and session actions, outside React)
// render through this holder, so they get the same locale and theme as the app.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme} button={button}>
      {children}
    </ConfigProvider>
  ),
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={button}>
      {children}
    </ConfigProvider>
  );
}
