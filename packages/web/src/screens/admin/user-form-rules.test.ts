// The user form's rules: the login's pattern and bounds, the e-mail bounds, name lengths and the language.
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { userFormRules } from './user-form-rules';

const rules = userFormRules(i18n.t);

describe('user form rules', () => {
  it.each([
    ['', 'Your username is required.'],
    ['moussa ndiaye', 'Your username can only contain letters, digits and _ . @ -'],
    ['é', 'Your username can only contain letters, digits and _ . @ -'],
    ['x'.repeat(51), 'Your username cannot be longer than 50 characters.'],
    ['m.ndiaye_01@bank-sn', null],
    ['x'.repeat(50), null],
  ])('login %j → %j', (value, message) => {
    expect(rules.login(value)).toBe(message);
  });

  it.each([
    ['', 'Your email is required.'],
    ['a@b', 'Your email is required to be at least 5 characters.'],
    [`${'a'.repeat(250)}@b.sn`, 'Your email cannot be longer than 254 characters.'],
    ['no-at-sign', 'Your email is invalid.'],
    ['awa@bank.sn', null],
  ])('email %j → %j', (value, message) => {
    expect(rules.email(value)).toBe(message);
  });

  it('bounds the names at 50 and the language to fr or en', () => {
    expect(rules.firstName('a'.repeat(50))).toBeNull();
    expect(rules.firstName('a'.repeat(51))).toMatch(/50/);
    expect(rules.lastName(null)).toBeNull();
    expect(rules.langKey('fr')).toBeNull();
    expect(rules.langKey('de')).toBe('Choose one of the offered languages.');
  });
});
