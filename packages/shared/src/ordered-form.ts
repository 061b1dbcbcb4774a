import { z } from 'zod';
import { Messages, firstMessage } from './validation.ts';

/**
 * A request body checked field by field in its form's order (docs/product.md §5: `msg` is the first failing
 * rule, in the order the form shows its fields). One declaration gives the OpenAPI body (`bodySchema`) and the
 * server's check (`parseInOrder`), so the documented rules are the rules applied.
 */
interface FieldBase<N extends string> {
  readonly name: N;
  readonly doc: string;
}
/** A field checked by its rule as sent. */
export interface PlainField<N extends string = string, S extends z.ZodType = z.ZodType> extends FieldBase<N> {
  readonly kind: 'plain';
  readonly rule: S;
}
/** A field sent AES-encrypted: `rule` checks the wire value, `plain` (when set) the decrypted text. */
export interface EncryptedField<N extends string = string> extends FieldBase<N> {
  readonly kind: 'encrypted';
  readonly rule: z.ZodType<string>;
  readonly plain?: z.ZodType<string>;
}
/**
 * The confirmation of another field: empty → Messages.againPasswordEmpty when `warnEmpty` (reset and change
 * forms), otherwise it must equal that field's (decrypted) value → Messages.againPassword.
 */
export interface AgainField<N extends string = string> extends FieldBase<N> {
  readonly kind: 'again';
  readonly of: string;
  readonly warnEmpty: boolean;
  readonly encrypted: boolean;
}
/** Documented but not checked (the server ignores it, e.g. the captcha of the SMS login). */
export interface IgnoredField<N extends string = string, S extends z.ZodType = z.ZodType> extends FieldBase<N> {
  readonly kind: 'ignored';
  readonly rule: S;
}
export type FormField = PlainField | EncryptedField | AgainField | IgnoredField;

export const plain = <N extends string, S extends z.ZodType>(name: N, rule: S, doc: string): PlainField<N, S> => ({
  kind: 'plain',
  name,
  rule,
  doc,
});
export const encrypted = <N extends string>(
  name: N,
  rule: z.ZodType<string>,
  doc: string,
  plainRule?: z.ZodType<string>,
): EncryptedField<N> => ({ kind: 'encrypted', name, rule, doc, plain: plainRule });
export const again = <N extends string>(
  name: N,
  of: string,
  options: { warnEmpty: boolean; encrypted: boolean },
  doc: string,
): AgainField<N> => ({ kind: 'again', name, of, doc, ...options });
const optionalText = z.string().optional();
export function ignored<N extends string>(name: N, doc: string): IgnoredField<N, typeof optionalText>;
export function ignored<N extends string, S extends z.ZodType>(name: N, doc: string, rule: S): IgnoredField<N, S>;
export function ignored(name: string, doc: string, rule: z.ZodType = optionalText): IgnoredField {
  return { kind: 'ignored', name, rule, doc };
}

/** The checked values: plain fields as their rule outputs them, encrypted ones as text. */
export type FormValue<F extends readonly FormField[]> = {
  [E in F[number] as E extends PlainField | EncryptedField ? E['name'] : never]: E extends PlainField<string, infer S>
    ? z.output<S>
    : string;
};

/** How encrypted fields are opened; without it they are checked on the wire only and returned encrypted. */
export interface Decryption {
  decrypt(cipher: unknown): string | null;
  /** The message when a field does not decrypt. */
  failed: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Checks `body` in the form's order; the answer is the values or the first failing field's message. */
export function parseInOrder<F extends readonly FormField[]>(
  form: F,
  body: Record<string, unknown>,
  decryption?: Decryption,
): Parsed<FormValue<F>> {
  const value: Record<string, unknown> = {};
  const fail = (message: string) => ({ ok: false as const, message });
  const open = (field: FormField, cipher: unknown): string | null => {
    if (!decryption) throw new Error(`parseInOrder: ${field.name} needs a decryption`);
    return decryption.decrypt(cipher);
  };
  for (const field of form) {
    const raw = body[field.name];
    if (field.kind === 'ignored') continue;
    if (field.kind === 'again') {
      if (isEmpty(raw)) {
        if (field.warnEmpty) return fail(Messages.againPasswordEmpty);
        if (value[field.of] !== raw) return fail(Messages.againPassword);
        continue;
      }
      const text = field.encrypted ? open(field, raw) : raw;
      if (text === null) return fail(decryption!.failed);
      if (text !== value[field.of]) return fail(Messages.againPassword);
      continue;
    }
    const wire = field.rule.safeParse(raw);
    if (!wire.success) return fail(firstMessage(wire.error));
    if (field.kind === 'plain' || (!decryption && !field.plain)) {
      value[field.name] = wire.data;
      continue;
    }
    const text = open(field, wire.data);
    if (text === null) return fail(decryption!.failed);
    if (field.plain) {
      const r = field.plain.safeParse(text);
      if (!r.success) return fail(firstMessage(r.error));
    }
    value[field.name] = text;
  }
  return { ok: true, value: value as FormValue<F> };
}

/** The body's zod object for the endpoint (OpenAPI and client types), fields in the form's order. */
export function bodySchema<F extends readonly FormField[]>(form: F) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of form) {
    shape[field.name] = (field.kind === 'again' ? z.string() : field.rule).describe(field.doc);
  }
  return z.object(shape) as z.ZodObject<{
    [E in F[number] as E['name']]: E extends PlainField<string, infer S> | IgnoredField<string, infer S>
      ? S
      : E extends EncryptedField
        ? z.ZodType<string>
        : z.ZodString;
  }>;
}
