import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePolicyMarkdown } from './write-policy-doc';

describe('docs/write-policy.md', () => {
  it('is the write policy the server enforces (npm run docs:policy writes it)', () => {
    const page = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/write-policy.md'), 'utf8');
    expect(page).toBe(writePolicyMarkdown());
  });
});
