import { z } from 'zod';

/** GET /api/sys/auth/captcha (docs/product.md §7.2): the key to send back and the image as a data URL. */
export const CaptchaSchema = z.object({ key: z.string(), image: z.string() });
export type Captcha = z.infer<typeof CaptchaSchema>;
