import { useCallback, useEffect, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { PageOf } from './data-table.tsx';

const NOTHING: PageOf<never> = { pageData: [], currentPage: 1, totalPage: 0, totalCount: 0 };

/**
 * A paged admin list: loads page `pageNo` with `fetchPage` (a failed call shows as empty, its toast already
 * shown), clears the selection on every load, and reloads when `fetchPage` changes (its filters did).
 */
export function usePagedList<T>(fetchPage: (pageNo: number) => Promise<PageOf<T> | null>) {
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PageOf<T> | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const reload = useCallback(async () => {
    setPage(null);
    setSelection({});
    setPage((await fetchPage(pageNo)) ?? NOTHING);
  }, [fetchPage, pageNo]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { page, pageNo, setPageNo, selection, setSelection, reload };
}
