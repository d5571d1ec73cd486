import { describe, expect, it } from 'vitest';
import { takeStreamEvents } from './event-stream';

describe('takeStreamEvents', () => {
  it('cuts whole events, skips comments and keeps an unfinished one for later', () => {
    const { events, rest } = takeStreamEvents(
      'retry: 5000\n\nevent: pending\ndata: {"cards":3}\n\n: heartbeat\n\nevent: presence\ndata: {"id":',
    );
    expect(events).toEqual([{ event: 'pending', data: { cards: 3 } }]);
    expect(rest).toBe('event: presence\ndata: {"id":');
    expect(takeStreamEvents(`${rest}7}\n\n`).events).toEqual([{ event: 'presence', data: { id: 7 } }]);
  });
});
