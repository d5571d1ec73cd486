import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, DRAFT_MAX_AGE_MS, draftStorageKey, readDraft, writeDraft } from './drafts';

const mine = { login: 'manager', form: 'decision:cardOrder', id: 7 };

afterEach(() => vi.useRealTimers());

describe('the draft store', () => {
  it('keeps a draft per login, form and record, in localStorage', () => {
    writeDraft(mine, { observation: 'à revoir' });
    expect(readDraft(mine)).toEqual({ observation: 'à revoir' });
    expect(localStorage.getItem(draftStorageKey(mine))).toContain('à revoir');
    // Another record, another form, a new record: none.
    expect(readDraft({ ...mine, id: 8 })).toBeNull();
    expect(readDraft({ ...mine, form: 'decision:transfer' })).toBeNull();
    expect(draftStorageKey({ ...mine, id: null })).toBe('bank.draft:manager:decision:cardOrder:new');
  });

  it('never gives one login’s draft to another', () => {
    writeDraft(mine, { observation: 'secret du guichet' });
    expect(readDraft({ ...mine, login: 'agentsaisie' })).toBeNull();
    expect(readDraft(mine)).toEqual({ observation: 'secret du guichet' });
  });

  it('removes a draft once cleared, and forgets one left for a week', () => {
    writeDraft(mine, { observation: 'x' });
    clearDraft(mine);
    expect(readDraft(mine)).toBeNull();
    vi.useFakeTimers();
    writeDraft(mine, { observation: 'old' });
    vi.advanceTimersByTime(DRAFT_MAX_AGE_MS - 1000);
    expect(readDraft(mine)).toEqual({ observation: 'old' });
    vi.advanceTimersByTime(1000);
    expect(readDraft(mine)).toBeNull();
    expect(localStorage.getItem(draftStorageKey(mine))).toBeNull();
  });

  it('drops what it cannot read, and keeps the last draft when the storage is full', () => {
    localStorage.setItem(draftStorageKey(mine), '{not json');
    expect(readDraft(mine)).toBeNull();
    writeDraft(mine, { observation: 'kept' });
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeDraft(mine, { observation: 'too big' });
    full.mockRestore();
    expect(readDraft(mine)).toEqual({ observation: 'kept' });
  });
});
