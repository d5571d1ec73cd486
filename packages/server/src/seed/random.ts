// The demo seed's only source of randomness: a seeded PRNG (mulberry32), so every run writes the
// same rows. Helpers cover what the generators need: ranges, picks, weights, digits, instants.

const DAY = 86_400_000;

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A whole multiple of `step` in [min, max]. */
  step(min: number, max: number, step: number): number {
    return this.int(Math.ceil(min / step), Math.floor(max / step)) * step;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `weighted([['OPENED', 9], ['CLOSED', 1]])`. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }

  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string {
    let text = '';
    for (let i = 0; i < length; i++) text += String(Math.floor(this.next() * 10));
    return text;
  }

  /** A string of `length` characters taken from `alphabet`. */
  chars(length: number, alphabet: string): string {
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }

  /** An instant (ms) in [from, to], on a whole second. */
  instant(from: number, to: number): number {
    return Math.floor((from + this.next() * Math.max(0, to - from)) / 1000) * 1000;
  }

  /** An instant `minDays`..`maxDays` days before `anchor`, during banking hours (07:30-19:30 UTC = Dakar). */
  daysAgo(anchor: number, minDays: number, maxDays: number): number {
    const day = Math.floor(anchor / DAY) - this.int(minDays, maxDays);
    return Math.min(anchor, day * DAY + this.int(27_000, 70_200) * 1000);
  }
}

export const DAY_MS = DAY;
export const HOUR_MS = 3_600_000;

/** ISO text of an instant, the form every timestamptz column is written with. */
export const iso = (ms: number) => new Date(ms).toISOString();

/** `YYYY-MM-DD` of an instant, for date columns. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Text folded for logins and e-mail addresses: `Ndèye Cissé` → `ndeye.cisse`. */
export const slug = (text: string, separator = '.') =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}|\\${separator}$`, 'g'), '');
