// The rows a linked-entity select offers: the target's `_search` for typed text, its list
// otherwise, 20 at a time and only while the dropdown is open (a select never loads a whole table).
import type { Entity } from '@bank/domain';
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, entityQueries, type EntityRow } from '../api/entities';

export interface RefOptions {
  rows: EntityRow[];
  loading: boolean;
  /** Asks for the next page when there is one (the dropdown scrolled to its end). */
  loadMore(): void;
}

export function useRefOptions(target: Entity, search: string, open: boolean): RefOptions {
  const [text] = useDebouncedValue(search.trim(), 250);
  const query = useInfiniteQuery({
    ...entityQueries(target).infinite({ size: DEFAULT_PAGE_SIZE, query: text }),
    enabled: open,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { rows: query.data?.pages.flatMap((page) => page.rows) ?? [], loading: query.isFetching, loadMore };
}

/** The server already filtered the options: the select shows them as they came. */
export const serverFiltered = <T,>({ options }: { options: T }) => options;

/**
 * A searchable select over the target's rows: the typed text, the options it finds, and the select
 * props that wire them (search box, server-side filtering, paging on scroll, loading and empty text).
 * `query` turns the box's text into what is searched (a single select leaves its chosen label out).
 */
export function useRefSearch(target: Entity, query: (search: string) => string = (search) => search) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const options = useRefOptions(target, query(search), open);
  const selectProps = {
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: serverFiltered,
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => setOpen(false),
    scrollAreaProps: { onBottomReached: options.loadMore },
    maxDropdownHeight: 280,
    nothingFoundMessage: options.loading ? t('entity.list.loading') : t('entity.list.empty'),
    rightSection: options.loading ? <Loader size={16} /> : undefined,
  };
  return { search, options, selectProps };
}
