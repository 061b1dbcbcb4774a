import { callApi } from '../../../lib/http.ts';

/** The calls behind the pages a mail's links open (docs/alerts.md); no login, the token is the proof. */
export const verifyEmail = (token: string) => callApi('GET /api/mail/verify', { query: { token } });
export const unsubscribeTarget = (token: string) => callApi('GET /api/alerts/unsubscribe', { query: { token } });
export const unsubscribe = (token: string) => callApi('POST /api/alerts/unsubscribe', { query: { token }, body: {} });
