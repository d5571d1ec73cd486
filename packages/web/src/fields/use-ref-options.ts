// The rows a linked-entity select offers: the target's `_search` for typed text, its list
// otherwise, 20 at a time and only while the dropdown is open (a select never loads a whole table).
import type { Entity } from '@bank/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
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
