// The strength meter lights as many segments as the domain's level, all in that level's colour.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { StrengthMeter } from './StrengthMeter';

// Level 3 cannot happen with the spec's score: two classes cap at 20, three classes of 7+ characters pass 40.
const CASES: [password: string, level: number, colour: string][] = [
  ['', 0, 'off'],
  ['abc', 1, 'red'],
  ['abcdefghijkl', 1, 'red'],
  ['Abcd1!', 1, 'red'],
  ['abcdef12', 2, 'orange'],
  ['ABCDEFgh', 2, 'orange'],
  ['abcDEF12', 4, 'lime'],
  ['Abcdef1!', 5, 'green'],
  ['Tr0ub4dour&3xyz', 5, 'green'],
];

describe('password-strength meter', () => {
  it.each(CASES)('%j lights %i segments in %s', async (password, level, colour) => {
    renderRoutes([{ path: '/', element: <StrengthMeter password={password} /> }]);
    const meter = await screen.findByRole('meter');
    expect(meter.getAttribute('aria-valuenow')).toBe(String(level));
    const colours = screen.getAllByTestId('strength-segment').map((segment) => segment.dataset.colour);
    expect(colours).toEqual([...Array<string>(level).fill(colour), ...Array<string>(5 - level).fill('off')]);
  });
});
