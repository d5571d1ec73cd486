// `npm run docs:policy`: writes docs/write-policy.md from the write policy the server enforces.
import fs from 'node:fs';
import path from 'node:path';
import { writePolicyMarkdown } from '@bank/domain';

const file = path.resolve(import.meta.dirname, '../docs/write-policy.md');
fs.writeFileSync(file, writePolicyMarkdown());
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
