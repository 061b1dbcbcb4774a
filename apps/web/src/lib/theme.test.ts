import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { palette } from './theme.ts';

// Read from disk: the test runner does not hand CSS files to tests as text.
const tokens = readFileSync(path.join(import.meta.dirname, '../styles/tokens.css'), 'utf8');

describe('palette', () => {
  it('matches styles/tokens.css value for value', () => {
    const declared = new Map([...tokens.matchAll(/--zs-([a-z-]+):\s*(#[0-9a-f]+);/g)].map((m) => [m[1], m[2]]));
    for (const [name, value] of Object.entries(palette)) expect(declared.get(name), name).toBe(value);
  });
});
