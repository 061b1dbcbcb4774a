import { message } from 'antd';

/**
 * Toasts usable outside React (HTTP client, session actions). antd's static API renders through
 * the holder configured in app/providers.tsx, so locale and theme still apply.
 */
export const toast = {
  success: (text: string) => void message.success(text),
  error: (text: string) => void message.error(text),
  warning: (text: string) => void message.warning(text),
  info: (text: string) => void message.info(text),
};
