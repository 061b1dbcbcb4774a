/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** PASSWORD_AES_KEY passed to the build (PRODUCT.md §3); the shared default applies when unset. */
  readonly VITE_PASSWORD_AES_KEY?: string;
}
