// The Leads tab's list: the leads of a filter, paged with a cursor; one row per person (the
// newest of their submissions loaded so far) or every submission; and a search that stopped
// at the server's read budget going on by itself through the next few batches
// (docs/decisions/0044-lead-keys-and-reads.md, docs/decisions/0185-inbox-by-person.md).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LEAD_PAGE_SIZE } from '../../../../functions/shared/leads/list.ts';
import { LEADS_KEY, listKey, listLeads, type LeadFilterForm, type LeadView } from './leads-api.ts';

/** Read batches a search goes through before it asks to search older leads (5 × 2,000). */
const AUTO_BATCHES = 5;

export function useLeadList(filter: LeadFilterForm, view: LeadView) {
  const client = useQueryClient();
  // Opening the tab shows what arrived meanwhile (the admin's queries never go stale).
  useEffect(() => {
    void client.invalidateQueries({ queryKey: LEADS_KEY });
  }, [client]);

  const leads = useInfiniteQuery({
    queryKey: listKey(filter),
    queryFn: ({ pageParam }) => listLeads(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  // One row per person: the newest of their submissions loaded so far.
  const shown =
    view === 'all'
      ? rows
      : rows.filter(
          (lead, index) =>
            rows.findIndex((other) => other.email.toLowerCase() === lead.email.toLowerCase()) ===
            index,
        );
  const lastPage = leads.data?.pages.at(-1);
  // A search that stopped at the server's read budget (docs/decisions/0044-lead-keys-and-reads.md)
  // goes on by itself through the next few batches while it has found less than a page.
  const batches = leads.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = leads;
  useEffect(() => {
    if (
      lastPage?.partial &&
      rows.length < LEAD_PAGE_SIZE &&
      batches < AUTO_BATCHES &&
      hasNextPage &&
      !isFetchingNextPage
    ) {
      void fetchNextPage();
    }
  }, [lastPage, rows.length, batches, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const refresh = () => void client.invalidateQueries({ queryKey: LEADS_KEY });
  return { leads, rows, shown, lastPage, refresh };
}
