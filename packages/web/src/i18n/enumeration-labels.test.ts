// Every enumeration the domain registry holds, walked value by value, has a label in French and in English,
// so that no screen shows a code alone (issue 22): enum values, the statuses each workflow and badge rule
// names, the status palette's words, roles, audit event types, languages, the staff lists' status filters, and the operations screens'
// codes (an audit event's data, a health component's details).
import {
  ALL_AUTHORITIES,
  AUDIT_EVENT_TYPES,
  ENTITIES,
  ENUMS,
  LANGUAGES,
  PALETTE_STATUSES,
  WORKFLOWS,
  entityByName,
  statusLook,
  type EnumName,
} from '@bank/domain';
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en.json';
import fr from '../../public/i18n/fr.json';
import {
  AUDIT_DATA_FIELDS,
  AUDIT_DATA_VALUES,
  HEALTH_DETAILS,
  HEALTH_INDICATORS,
  MAIL_MODES,
} from '../screens/admin/operation-labels';
import { REQUEST_TYPES } from '../screens/manager/request-types';

const textAt = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** The enum of an entity's field, failing with its name when the field is not an enum. */
function enumOf(entityName: string, fieldName: string): EnumName {
  const field = entityByName(entityName).field(fieldName);
  if (field?.kind !== 'enum' || !field.enum) throw new Error(`${entityName}.${fieldName} is not an enum`);
  return field.enum;
}

/** A label key per enumerated code, each with where it comes from (named in a failure). */
function enumerationKeys(): [source: string, key: string][] {
  const keys: [string, string][] = [];
  const value = (source: string, name: EnumName, code: string) => keys.push([source, `enums.${name}.${code}`]);
  for (const [name, def] of Object.entries(ENUMS))
    for (const code of def.values) value('ENUMS', name as EnumName, code);
  for (const entity of ENTITIES)
    for (const field of entity.fields.filter((f) => f.kind === 'enum'))
      for (const code of field.formValues ?? []) value(`${entity.name}.${field.name}`, field.enum!, code);
  for (const workflow of WORKFLOWS) {
    const statuses = [
      ...workflow.openStatuses,
      ...workflow.finalStatuses,
      ...(workflow.targets ?? []),
      ...(workflow.fourEyes ? [workflow.fourEyes.waiting, workflow.fourEyes.approve] : []),
    ];
    const status = enumOf(workflow.entity, workflow.status);
    for (const code of statuses) value(`workflow ${workflow.entity}`, status, code);
    const logStatus = enumOf(workflow.log.entity, workflow.log.status);
    for (const code of statuses) value(`log of ${workflow.entity}`, logStatus, workflow.log.statusOf?.(code) ?? code);
  }
  for (const status of PALETTE_STATUSES) keys.push(['status palette', statusLook(status).labelKey]);
  for (const type of REQUEST_TYPES)
    for (const filter of type.filters ?? []) keys.push([`${type.route} filter`, filter.labelKey]);
  for (const role of ALL_AUTHORITIES) keys.push(['roles', `roles.${role}`]);
  for (const type of AUDIT_EVENT_TYPES) keys.push(['audit events', `auditEvents.${type}`]);
  for (const language of LANGUAGES) keys.push(['languages', `language.${language}`]);
  for (const field of AUDIT_DATA_FIELDS) keys.push(['audit data', `admin.audits.fields.${field}`]);
  for (const [field, codes] of Object.entries(AUDIT_DATA_VALUES))
    for (const code of codes) keys.push([`audit data ${field}`, `admin.audits.values.${field}.${code}`]);
  for (const name of HEALTH_INDICATORS) keys.push(['health', `health.indicator.${name}`]);
  for (const name of HEALTH_DETAILS) keys.push(['health details', `health.detail.${name}`]);
  for (const mode of MAIL_MODES) keys.push(['mail modes', `health.mode.${mode}`]);
  return keys;
}

describe('enumeration labels', () => {
  const keys = enumerationKeys();

  it("labels an online-banking user's notification type as an enumeration, not a free text", () => {
    expect(enumOf('serenityUser', 'notifyType')).toBe('notifyType');
    expect(keys).toEqual(
      expect.arrayContaining(ENUMS.notifyType.values.map((code) => ['ENUMS', `enums.notifyType.${code}`])),
    );
  });

  it('walks the whole registry', () => {
    const values = Object.values(ENUMS).reduce((sum, def) => sum + def.values.length, 0);
    expect(keys.length).toBeGreaterThan(values + ALL_AUTHORITIES.length + AUDIT_EVENT_TYPES.length);
  });

  it.each([
    ['fr', fr],
    ['en', en],
  ])('%s labels every enumerated code (no code shown alone)', (_, catalogue) => {
    const missing = keys.filter(([, key]) => {
      const text = textAt(catalogue, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('words the French labels, rather than repeating an upper-case code', () => {
    const raw = keys.filter(([, key]) => {
      const code = key.split('.').at(-1)!;
      return code.length > 3 && /^[A-Z_]+$/.test(code) && textAt(fr, key) === code;
    });
    expect(raw).toEqual([]);
  });
});
