import { describe, expect, it } from 'vitest';
import { resolveJoinPath } from '../define';
import { ENUMS } from '../enums';
import { FIELD_KINDS } from '../kinds';
import { ENTITIES, entityByName } from './index';

describe('entity registry', () => {
  it('declares the forty entities of both spec parts, the two cash histories and the corrections with theirs', () => {
    expect(ENTITIES).toHaveLength(44);
  });

  it.each(['name', 'route', 'resource', 'table'] as const)('has unique %s values', (key) => {
    const values = ENTITIES.map((e) => e[key]);
    expect(new Set(values).size).toBe(values.length);
  });

  describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
    it('has fields of known kinds, enums that exist and refs to declared entities', () => {
      for (const field of entity.fields) {
        expect(FIELD_KINDS).toContain(field.kind);
        if (field.kind === 'enum') expect(ENUMS[field.enum!], `${entity.name}.${field.name}`).toBeDefined();
        if (field.kind === 'ref' || field.kind === 'refs') expect(() => entityByName(field.ref!)).not.toThrow();
        if (field.formValues) expect(ENUMS[field.enum!].values).toEqual(expect.arrayContaining([...field.formValues]));
      }
    });

    it('reads its joined fields through refs that exist, without shadowing its own fields', () => {
      for (const [name, path] of Object.entries(entity.joined)) {
        expect(() => resolveJoinPath(entity, path, entityByName), `${entity.name}.${name}`).not.toThrow();
        expect(entity.field(name), `${entity.name}.${name}`).toBeUndefined();
      }
    });

    it('searches by word starts only its own searchable text', () => {
      if (!entity.wordSearch) return;
      expect(entity.searchJoined, entity.name).toEqual([]);
      expect(entity.fields.some((f) => f.searchable)).toBe(true);
    });

    it('indexes declared fields only', () => {
      for (const fields of entity.indexes) for (const name of fields) expect(entity.field(name), name).toBeDefined();
    });

    it('names its rows with a declared field (or the id)', () => {
      expect(entity.label === 'id' || entity.field(entity.label) !== undefined).toBe(true);
    });

    it('gives each field a distinct column and a derived label key', () => {
      const columns = entity.fields.map((f) => f.column);
      expect(new Set(columns).size).toBe(columns.length);
      expect(columns).not.toContain('id');
      // Who filed a request is one field of every request type, with one label.
      for (const field of entity.fields)
        expect(field.labelKey).toBe(
          field.name === 'filedBy' ? 'entity.field.filedBy' : `entities.${entity.name}.fields.${field.name}`,
        );
    });
  });

  it('derives columns: refs end in _id, camelCase becomes snake_case', () => {
    const bankAccount = entityByName('bankAccount');
    expect(bankAccount.field('branchId')!.column).toBe('branch_id');
    expect(bankAccount.field('bankAccountNumber')!.column).toBe('bank_account_number');
    expect(entityByName('beneficiaryLog').field('beneficiary')!.column).toBe('beneficiary_id');
    expect(bankAccount.path).toBe('/core/api/bank-accounts');
    expect(entityByName('otpstory').path).toBe('/api/otpstories');
  });

  it('applies enum defaults from the enumeration', () => {
    expect(entityByName('checkbookOrder').field('demandStatus')!.default).toBe('IN_PROGRESS');
    expect(entityByName('cardOrder').field('orderStatus')!.default).toBe('INPROGRESS');
    expect(entityByName('client').field('country')!.default).toBe('SENEGAL');
  });
});
