// How a list is laid out: rows per page, density and hidden columns. The page size and the density are
// kept in the address (`size=`, `density=`), which wins, and remembered per user with the hidden columns
// (api/account/preferences, key `list.<name>`), so that a list opens as its user left it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { preferencesQuery, savePreference, type Preferences } from '../api/preferences';

export const PAGE_SIZES = [20, 50, 100] as const;
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/** What is remembered of one list. */
export interface RememberedLayout {
  size?: number;
  density?: Density;
  hidden?: string[];
}

export interface ListLayoutState {
  pageSize: number;
  density: Density;
  hidden: ReadonlySet<string>;
}

const preferenceKey = (name: string) => `list.${name}`;

const pageSizeOf = (value: unknown): number | undefined =>
  PAGE_SIZES.find((size) => String(size) === String(value ?? ''));
const densityOf = (value: unknown): Density | undefined => DENSITIES.find((density) => density === value);

/** The remembered layout of list `name`, whatever shape the stored value has. */
export function rememberedLayout(preferences: Preferences | undefined, name: string): RememberedLayout {
  const value = (preferences?.[preferenceKey(name)] ?? {}) as Record<string, unknown>;
  const hidden = Array.isArray(value.hidden) ? value.hidden.filter((id) => typeof id === 'string') : [];
  return { size: pageSizeOf(value.size), density: densityOf(value.density), hidden };
}

/**
 * The address first, then what the user chose last time, then 20 rows and the comfortable density.
 * @example readListLayout(new URLSearchParams('size=50'), { density: 'compact' }) → 50 rows, compact
 */
export function readListLayout(params: URLSearchParams, remembered: RememberedLayout): ListLayoutState {
  return {
    pageSize: pageSizeOf(params.get('size')) ?? remembered.size ?? PAGE_SIZES[0],
    density: densityOf(params.get('density')) ?? remembered.density ?? 'comfortable',
    hidden: new Set(remembered.hidden),
  };
}

export interface ListLayout extends ListLayoutState {
  setPageSize(size: number): void;
  setDensity(density: Density): void;
  setHidden(id: string, hidden: boolean): void;
}

/**
 * The layout of list `name` and its changes: the address and the user's preference move together.
 * @example const layout = useListLayout('request.cardOrder')
 */
export function useListLayout(name: string): ListLayout {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remembered = rememberedLayout(useQuery(preferencesQuery()).data, name);
  // The columns just chosen show in the click's own render: the preferences' cache tells its readers a
  // task later, and a box that does not follow the click at once looks (and is, to a quick second click)
  // unclicked. Dropped once the cache says something else, its own copy of the choice included.
  const [chosen, setChosen] = useState<{ hidden: string[]; over: string }>();
  const rememberedHidden = (remembered.hidden ?? []).join('\n');
  const shown = chosen?.over === rememberedHidden ? { ...remembered, hidden: chosen.hidden } : remembered;
  const state = readListLayout(new URLSearchParams(location.search), shown);
  const remember = (change: RememberedLayout) =>
    void savePreference(queryClient, preferenceKey(name), { ...shown, ...change });
  const address = (name: 'size' | 'density', value: string) => {
    const next = new URLSearchParams(location.search);
    next.set(name, value);
    // Another page size starts again from the first page, whose rows the user was looking at.
    if (name === 'size') next.set('page', '1');
    void navigate({ pathname: location.pathname, search: `?${next}` });
  };
  return {
    ...state,
    setPageSize: (size) => {
      address('size', String(size));
      remember({ size });
    },
    setDensity: (density) => {
      address('density', density);
      remember({ density });
    },
    setHidden: (id, hidden) => {
      const next = new Set(state.hidden);
      if (hidden) next.add(id);
      else next.delete(id);
      setChosen({ hidden: [...next], over: rememberedHidden });
      remember({ hidden: [...next] });
    },
  };
}

/** The layout's parameters of an address, kept when a filter form writes a new one. */
export const keptLayout = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(
    (['size', 'density'] as const).flatMap((name) => (params.has(name) ? [[name, params.get(name)!]] : [])),
  );
