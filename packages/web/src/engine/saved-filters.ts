// A user's saved filters of a list (issue 38): a name and the list's address, kept with the user's
// preferences (key `filters.<list>`), so that a filter used every day is one click away on any browser.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { preferencesQuery, savePreference, type Preferences } from '../api/preferences';

export interface SavedFilter {
  name: string;
  /** The list's address (`?status=…&clientName=…`), its page left out. */
  address: string;
}

/** Saved filters a list keeps at most: the preference stays small (api.md). */
export const MAX_SAVED_FILTERS = 30;
export const MAX_FILTER_NAME = 60;

const key = (list: string) => `filters.${list}`;

export function savedFiltersOf(preferences: Preferences | undefined, list: string): SavedFilter[] {
  const value = (preferences?.[key(list)] as { items?: unknown } | undefined)?.items;
  return Array.isArray(value)
    ? value.filter(
        (item): item is SavedFilter =>
          typeof item?.name === 'string' && typeof item?.address === 'string' && item.address.startsWith('?'),
      )
    : [];
}

/** The address a filter is saved as: the current one without its page, which starts again at 1. */
export function filterAddress(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return `?${params}`;
}

/**
 * The saved filters of list `list`, and how to save the current address, apply one and delete one.
 * A name saved again replaces its address.
 */
export function useSavedFilters(list: string) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = savedFiltersOf(useQuery(preferencesQuery()).data, list);
  const store = (next: SavedFilter[]) => void savePreference(queryClient, key(list), { items: next });
  const current = filterAddress(search);
  return {
    items,
    /** The saved filter the list shows now, if any. */
    active: items.find((item) => item.address === current)?.name ?? null,
    full: items.length >= MAX_SAVED_FILTERS,
    save: (name: string) => store([...items.filter((item) => item.name !== name), { name, address: current }]),
    apply: (item: SavedFilter) => void navigate({ pathname, search: item.address }),
    remove: (name: string) => store(items.filter((item) => item.name !== name)),
  };
}
