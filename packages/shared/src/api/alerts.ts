import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Email and alert settings (issue 27, docs/alerts.md). */
export const ALERT_KINDS = ['standard_status'] as const;
export const ALERT_CHANNELS = ['email'] as const;

const tokenQuery = z.object({ token: z.string({ error: '缺少 token' }).min(10, '链接无效').max(100, '链接无效') });

/** The link mailed to a newly set address; opening it verifies the address, without logging in. */
export const verifyEmail = endpoint({
  method: 'GET',
  path: '/api/mail/verify',
  query: tokenQuery,
  response: z.object({ email: z.string() }),
});

const Preference = z.object({ kind: z.enum(ALERT_KINDS), channel: z.enum(ALERT_CHANNELS), enabled: z.boolean() });

/** What the user centre shows: whether the platform can mail at all, the address and its state, the choices. */
export const alertSettings = endpoint({
  method: 'GET',
  path: '/api/user/alerts/settings',
  response: z.object({
    emailEnabled: z.boolean(),
    emailOffReason: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    preferences: z.array(Preference),
  }),
});
export const setAlertPreference = endpoint({
  method: 'PUT',
  path: '/api/user/alerts/preferences',
  body: Preference,
  response: z.array(Preference),
});

/**
 * What an unsubscribe link names, without changing it (GET: mail scanners open links, so only the page's button,
 * a POST, unsubscribes). No login: the token names one preference.
 */
export const unsubscribeAlert = endpoint({
  method: 'GET',
  path: '/api/alerts/unsubscribe',
  query: tokenQuery,
  response: z.object({ kind: z.enum(ALERT_KINDS), channel: z.enum(ALERT_CHANNELS), enabled: z.boolean() }),
});
/** The unsubscribe: the page's button and the mail client's one-click POST of RFC 8058, no login. */
export const unsubscribeAlertOneClick = endpoint({
  method: 'POST',
  path: '/api/alerts/unsubscribe',
  query: tokenQuery,
  body: z.object({ 'List-Unsubscribe': z.string().max(50).optional() }).optional(),
  response: z.object({ kind: z.enum(ALERT_KINDS), channel: z.enum(ALERT_CHANNELS) }),
});
