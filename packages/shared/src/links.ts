import { z } from 'zod';

/**
 * Links as office staff type them (issue 30): "www.example.cn" is accepted and stored as "https://www.example.cn";
 * anything else must already start with http:// or https://. One rule for the console's link fields and the
 * rich-text editor's link dialog.
 */
export function normaliseLink(value: string): string {
  const v = value.trim();
  return /^www\./i.test(v) ? `https://${v}` : v;
}

export const WEB_LINK = /^https?:\/\/[^\s"'<>]+$/i;

/** A required web link (trimmed, www. completed) with the field's own message. */
export const webLink = (message: string, max = 500) =>
  z.string({ error: message }).overwrite(normaliseLink).regex(WEB_LINK, message).max(max, message);
