import { describe, expect, it } from 'vitest';
import { STRENGTH_LEVELS, passwordStrength, strengthLevel } from './password-strength';

describe('passwordStrength (spec part 2 §5)', () => {
  it.each([
    ['', 0, 'nothing typed'],
    ['abc', 10, 'capped at 10 at 6 characters or fewer (2×3 + 10 = 16)'],
    ['aB3$xY', 10, 'capped at 10 at 6 characters even with four classes (12 + 40 = 52)'],
    ['abcdefg', 10, 'capped at 10 with a single class (14 + 10 = 24)'],
    ['abcdefghijklmnop', 10, 'a long password of one class stays at 10 (32 + 1 + 10 = 43)'],
    ['1234567890', 10, 'digits only are one class'],
    ['abcdEFG', 20, 'capped at 20 with two classes (14 + 20 = 34)'],
    ['abcdefg#', 20, '# counts as a symbol (JHipster forgot it)'],
    ['abcdefg@', 20, '@ counts as a symbol'],
    ['abcdefg é', 20, 'space and accented letters count as symbols'],
    ['abcdEF12', 40, 'capped at 40 with three classes (16 + 30 = 46)'],
    ['abcD1!x', 54, 'no cap with four classes: 2×7 + 40'],
    ['Abcdefg1!', 58, '2×9 + 40, no length bonus below 10 characters'],
    ['Abcdefgh1!', 61, '2×10 + 1 (10 characters or more) + 40'],
  ])('%j scores %i: %s', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordStrength('Ab1😀😀😀😀')).toBe(2 * 7 + 40);
  });
});

describe('strengthLevel: five levels of the meter', () => {
  it.each([
    [0, 1],
    [10, 1],
    [11, 2],
    [20, 2],
    [21, 3],
    [30, 3],
    [31, 4],
    [40, 4],
    [41, 5],
    [61, 5],
  ])('score %i is level %i', (score, level) => {
    expect(strengthLevel(score)).toBe(level);
  });

  it('has as many levels as the meter has segments', () => {
    expect(strengthLevel(1000)).toBe(STRENGTH_LEVELS);
    expect(STRENGTH_LEVELS).toBe(5);
  });

  it('places typical passwords on the meter', () => {
    expect(strengthLevel(passwordStrength('azerty'))).toBe(1);
    expect(strengthLevel(passwordStrength('Azertyui'))).toBe(2);
    expect(strengthLevel(passwordStrength('Azerty12'))).toBe(4);
    expect(strengthLevel(passwordStrength('Azerty12!'))).toBe(5);
  });
});
