// How long a request has waited, as the home page says it: minutes within the hour, hours within two
// days, then days (`home.work.age.*`, plural forms in the catalogues).
const MINUTE_MS = 60_000;

/** @example waitedFor('2026-11-24T08:00:00Z', Date.parse('2026-11-26T09:00:00Z')) // { key: 'home.work.age.hours', count: 49 } */
export function waitedFor(since: string, now: number): { key: string; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / MINUTE_MS));
  if (minutes < 60) return { key: 'home.work.age.minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { key: 'home.work.age.hours', count: hours };
  return { key: 'home.work.age.days', count: Math.floor(hours / 24) };
}
