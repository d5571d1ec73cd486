// Every entity, field and enum value of the domain registry has its text in both catalogues: adding an
// entity without its labels fails here, naming the missing keys (the other enumerations: enumeration-labels.test.ts).
import { ENTITIES, ENUMS } from '@bank/domain';
import { describe, expect, it } from 'vitest';
import en from '../../public/i18n/en.json';
import fr from '../../public/i18n/fr.json';

const textAt = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const registryKeys = [
  ...ENTITIES.flatMap((entity) => [
    entity.labelKey,
    `entities.${entity.name}.plural`,
    `entities.${entity.name}.gender`,
    ...entity.fields.map((field) => field.labelKey),
  ]),
  ...Object.entries(ENUMS).flatMap(([name, def]) => def.values.map((value) => `enums.${name}.${value}`)),
];

describe('entity catalogue', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ])('%s names every entity, field and enum value of the registry', (_, catalogue) => {
    const missing = registryKeys.filter((key) => {
      const text = textAt(catalogue, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('gives French entity names a grammatical gender for the « créée / créé » toasts', () => {
    const genders = new Set(ENTITIES.map((entity) => textAt(fr, `entities.${entity.name}.gender`)));
    expect([...genders].every((gender) => gender === 'male' || gender === 'female')).toBe(true);
  });

  it('holds no entity or enum the registry does not know (stale labels)', () => {
    const names = new Set(ENTITIES.map((entity) => entity.name));
    expect(Object.keys(fr.entities).filter((name) => !names.has(name))).toEqual([]);
    expect(Object.keys(fr.enums).filter((name) => !(name in ENUMS))).toEqual([]);
  });
});
