import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { DEFAULT_PASSWORD_AES_KEY } from '@zs/shared/constants';

/** The fixed 16-character key of spec §7, taken at build time (PRODUCT.md §3). */
const keyText: string = import.meta.env.VITE_PASSWORD_AES_KEY || DEFAULT_PASSWORD_AES_KEY;

/**
 * AES-ECB, PKCS7 padding, base64 output, with the key used as raw UTF-8 bytes (not a passphrase).
 * This is the compatibility obfuscation the spec requires; HTTPS is the real protection.
 */
export function encrypt(text: string, key: string = keyText): string {
  return AES.encrypt(text, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

export function decrypt(cipherText: string, key: string = keyText): string {
  return AES.decrypt(cipherText, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
}
