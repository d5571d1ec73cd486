// The live work queue's wire format (server-sent events): the server writes `event:` and `data:` lines
// ended by a blank line; readers cut what has arrived into events and keep the unfinished rest.

export interface StreamEvent {
  event: string;
  /** The `data:` line, parsed as JSON. */
  data: unknown;
}

/** The whole events in `buffer` (comments and heartbeats skipped), and the text after the last one. */
export function takeStreamEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) as unknown });
  }
  return { events, rest };
}
