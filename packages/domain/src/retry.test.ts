import { describe, expect, it } from 'vitest';
import { LOST_STATUSES, retryDelay } from './retry';

describe('the retry contract', () => {
  it('waits about 1, 2, 4, 8 s, then at most 15 s, between tries, give or take a fifth', () => {
    const waits = [0, 1, 2, 3, 4, 9].map((attempt) => retryDelay(attempt));
    [1000, 2000, 4000, 8000, 15000, 15000].forEach((base, index) => {
      expect(waits[index]).toBeGreaterThanOrEqual(Math.min(base * 0.8, 15000));
      expect(waits[index]).toBeLessThanOrEqual(Math.min(base * 1.2, 15000));
    });
    // The server's Retry-After is a floor, still capped.
    expect(retryDelay(0, 5000)).toBe(5000);
    expect(retryDelay(0, 60_000)).toBe(15000);
  });

  it('counts as lost only the answers a balancer or a server away gives', () => {
    expect([...LOST_STATUSES]).toEqual([502, 503, 504]);
    expect(LOST_STATUSES.has(500)).toBe(false);
  });
});
