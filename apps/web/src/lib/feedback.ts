import { message } from 'antd';

/**
 * Toasts usable outside React (HTTP client, session actions). antd's static API renders through
 * the holder configured in app/providers.tsx, so locale and theme still apply.
 */
export const toast = {
  success: (text: string) => void message.success(text),
  // Keyed by their text: when the HTTP client has already said 登录已过期 and the caller then shows the
  // same server message, the user sees one toast, not a stack of identical ones.
  error: (text: string) => void message.error({ content: text, key: `error:${text}` }),
  warning: (text: string) => void message.warning({ content: text, key: `warning:${text}` }),
  info: (text: string) => void message.info(text),
};
