// The write policy as a page for auditors (docs/write-policy.md): generated from the same tables the
// server enforces, so the page cannot drift from the code (a test compares them).
import { ENTITIES } from '../entities';
import { workflowOf } from '../workflow/workflows';
import { dataClassOf, entityAccess } from './permissions';
import { ROLES } from './roles';
import { fieldWrite } from './write-policy';

const SHORT: Record<string, string> = Object.fromEntries(Object.entries(ROLES).map(([short, role]) => [role, short]));

const roles = (authorities: readonly string[]) =>
  authorities.length === 0
    ? 'nobody'
    : authorities.length === 8
      ? 'all staff'
      : authorities.map((a) => SHORT[a]).join(', ');

/** The markdown of docs/write-policy.md. */
export function writePolicyMarkdown(): string {
  const lines = [
    '# Write policy',
    '',
    'Generated from `packages/domain/src/access` by `npm run docs:policy`; a test fails when this page and the',
    'code differ. The server enforces every line on every route (`packages/server/src/engine`).',
    '',
    '- **nobody**: no route exists for that write; the server writes these records through its own statements.',
    '- **Set by the server**: a create that sets one of these fields is refused with 400 naming it (a request may',
    '  be created in a status that awaits a decision); an update may send it back unchanged (ignored), never changed.',
    '- Every update carries the `version` it read (400 without it, 409 when stale) and is a merge: a field left',
    '  out keeps its value.',
    '- A request in a final status is read-only for everyone: no decision, no edit, no deletion (409).',
    '- **Fixed once created**: set by the create, then like a server field: an update that changes it is refused',
    '  with 400 naming it.',
    '- **Set only by**: other roles get 403 (`error.fieldForbidden`, naming the field) for a create that sets it or',
    '  an update that changes it; each change, the first value included, is an audit event `FIELD_CHANGED`',
    '  written with the row.',
    '',
    '| entity | class | read | create | update | delete | set by the server on create | fixed once created | set only by | a decision sets | final statuses |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const entity of ENTITIES) {
    const workflow = workflowOf(entity.name);
    const serverOnCreate = entity.fields.filter((f) => fieldWrite(entity, f, 'create') === 'server').map((f) => f.name);
    const fixed = entity.fields.filter((f) => f.fixed && !f.readOnly).map((f) => f.name);
    const keptBy = new Map<string, string[]>();
    for (const field of entity.fields.filter((f) => f.writers)) {
      const who = roles(field.writers!);
      keptBy.set(who, [...(keptBy.get(who) ?? []), field.name]);
    }
    const decision = workflow
      ? entity.fields.filter((f) => fieldWrite(entity, f, 'update') === 'open').map((f) => f.name)
      : [];
    const cells = [
      `\`${entity.resource}\``,
      dataClassOf(entity),
      roles(entityAccess(entity.name, 'read')),
      roles(entityAccess(entity.name, 'create')),
      roles(entityAccess(entity.name, 'update')),
      roles(entityAccess(entity.name, 'delete')),
      serverOnCreate.join(', ') || '—',
      fixed.join(', ') || '—',
      [...keptBy].map(([who, fields]) => `${fields.join(', ')}: ${who}`).join('; ') || '—',
      workflow ? decision.join(', ') : '—',
      workflow ? workflow.finalStatuses.join(', ') : '—',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
