import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { again, bodySchema, encrypted, ignored, parseInOrder, plain } from './ordered-form.ts';

const need = (m: string) => z.string({ error: m }).min(1, m);
// A toy cipher: "enc:" + text; anything else does not decrypt.
const decryption = {
  decrypt: (c: unknown) => (typeof c === 'string' && c.startsWith('enc:') ? c.slice(4) : null),
  failed: 'bad',
};
const form = [
  plain('name', need('name?'), 'name'),
  encrypted('secret', need('secret?'), 'secret', z.string().min(3, 'short')),
  again('again', 'secret', { warnEmpty: true, encrypted: true }, 'again'),
  ignored('note', 'not checked'),
  plain('age', z.coerce.number({ error: 'age?' }), 'age'),
] as const;

describe('parseInOrder', () => {
  it('reports the first failing field in the form order', () => {
    expect(parseInOrder(form, {}, decryption)).toEqual({ ok: false, message: 'name?' });
    expect(parseInOrder(form, { name: 'a', age: 'x' }, decryption)).toEqual({ ok: false, message: 'secret?' });
    expect(parseInOrder(form, { name: 'a', secret: 'plain' }, decryption)).toEqual({ ok: false, message: 'bad' });
    expect(parseInOrder(form, { name: 'a', secret: 'enc:ab' }, decryption)).toEqual({ ok: false, message: 'short' });
  });

  it('checks the confirmation where it stands: empty, undecryptable, different', () => {
    const base = { name: 'a', secret: 'enc:abc', age: 'x' };
    expect(parseInOrder(form, base, decryption)).toEqual({ ok: false, message: '请输入确认密码' });
    expect(parseInOrder(form, { ...base, again: 'abc' }, decryption)).toEqual({ ok: false, message: 'bad' });
    expect(parseInOrder(form, { ...base, again: 'enc:abd' }, decryption)).toEqual({ ok: false, message: '两次输入密码不一致' });
    expect(parseInOrder(form, { ...base, again: 'enc:abc' }, decryption)).toEqual({ ok: false, message: 'age?' });
  });

  it('answers the checked values, ignored fields left out', () => {
    const r = parseInOrder(form, { name: 'a', secret: 'enc:abc', again: 'enc:abc', note: 5, age: '7' }, decryption);
    expect(r).toEqual({ ok: true, value: { name: 'a', secret: 'abc', age: 7 } });
  });

  it('without a decryption keeps encrypted fields as sent, and refuses a field whose plain rule needs opening', () => {
    const wireOnly = [encrypted('secret', need('secret?'), 'secret')] as const;
    expect(parseInOrder(wireOnly, { secret: 'enc:x' })).toEqual({ ok: true, value: { secret: 'enc:x' } });
    expect(() => parseInOrder(form, { name: 'a', secret: 'enc:abc' })).toThrow(/decryption/);
  });

  it('an unconfirmed plain confirmation is a mismatch when empty is not warned about', () => {
    const f = [plain('p', need('p?'), 'p'), again('q', 'p', { warnEmpty: false, encrypted: false }, 'q')] as const;
    expect(parseInOrder(f, { p: 'x' })).toEqual({ ok: false, message: '两次输入密码不一致' });
    expect(parseInOrder(f, { p: 'x', q: 'x' })).toEqual({ ok: true, value: { p: 'x' } });
  });

  it('documents every field, in order', () => {
    expect(Object.keys(bodySchema(form).shape)).toEqual(['name', 'secret', 'again', 'note', 'age']);
  });
});
