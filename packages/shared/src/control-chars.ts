/* eslint-disable no-control-regex -- naming the control characters is the point of this file */
/**
 * The one rule for control characters, shared by the forms, the server's inputs, the import, search and file
 * names. Text a person typed or a file carried keeps its line breaks and tabs where lines matter; everything
 * else invisible goes.
 */

/** Every C0 control character and DEL: none belongs in a one-line value. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** The same, but tab, line feed and carriage return stay: multi-line text (notes, scopes, descriptions). */
export const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Controls plus C1 controls, zero-width characters, line/paragraph separators and BOM: what a search box may hide. */
export const INVISIBLE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;

/** Text without control characters; `keepLines` keeps tab, LF and CR. */
export function stripControlChars(text: string, opts: { keepLines?: boolean } = {}): string {
  return text.replace(opts.keepLines ? CONTROL_CHARS_BUT_LINES : CONTROL_CHARS, '');
}
