import { describe, expect, it } from 'vitest';
import { waitedFor } from './work-age';

const at = Date.parse('2026-11-26T12:00:00Z');

describe('waitedFor', () => {
  it.each([
    ['2026-11-26T11:59:30Z', 'home.work.age.minutes', 0],
    ['2026-11-26T11:01:00Z', 'home.work.age.minutes', 59],
    ['2026-11-26T11:00:00Z', 'home.work.age.hours', 1],
    ['2026-11-24T12:00:01Z', 'home.work.age.hours', 47],
    ['2026-11-24T12:00:00Z', 'home.work.age.days', 2],
    ['2026-10-27T12:00:00Z', 'home.work.age.days', 30],
    // A clock a little behind the server's: not a negative age.
    ['2026-11-26T12:00:05Z', 'home.work.age.minutes', 0],
  ])('says %s waited in the right unit', (since, key, count) => {
    expect(waitedFor(since, at)).toEqual({ key, count });
  });
});
