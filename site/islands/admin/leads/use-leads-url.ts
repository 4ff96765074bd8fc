// The Leads tab's state in the URL (/admin/leads?status=new&view=all&lead=...&contact=...;
// route.ts), so a reload, Back and a shared link show the same view: the filter, the view
// (one row per person or every submission) and the lead or person open. Opening a dialog
// pushes one history entry and closing it goes Back over it; focus returns to the row that
// opened the first dialog; Back away from an unsaved note asks first. Governed by
// docs/decisions/0048-leads-tab.md and docs/decisions/0185-inbox-by-person.md.
import { useEffect, useRef, useState } from 'react';
import { confirmLeave } from '../common/unsaved.ts';
import { navigate, useAdminLocation, viewUrl } from '../route.ts';
import {
  filterFromUrl,
  filterToUrl,
  viewFromUrl,
  type LeadFilterForm,
  type LeadView,
} from './leads-api.ts';

export function useLeadsUrl() {
  // The filters and the open lead live in the URL (/admin/leads?status=new&lead=...), so a
  // reload, Back and a shared link show the same view (route.ts).
  const location = useAdminLocation();
  const filter = filterFromUrl(location.params);
  const view = viewFromUrl(location.params);
  const urlLead = location.params.get('lead') || undefined;
  const urlContact = location.params.get('contact') || undefined;
  const latest = useRef({ filter, lead: urlLead, view });
  useEffect(() => {
    latest.current = { filter, lead: urlLead, view };
  });
  const go = (
    next: LeadFilterForm,
    lead?: string,
    replace = false,
    contact?: string,
    nextView: LeadView = latest.current.view,
  ) =>
    navigate(
      viewUrl('leads', {
        ...filterToUrl(next),
        view: nextView === 'all' ? 'all' : undefined,
        lead,
        contact,
      }),
      { replace },
    );
  const setFilter = (next: LeadFilterForm, replace = false) => go(next, undefined, replace);
  /** A typed search replaces the URL, so Back skips keystrokes; the open lead stays open. */
  const setSearch = (q: string) => {
    const { filter: current, lead } = latest.current;
    go({ ...current, q }, lead, true);
  };
  const setView = (next: LeadView) => go(filter, undefined, false, undefined, next);
  // The row that opened the first dialog: focus goes back to it when a dialog opened from
  // another (the person's view from a lead, a lead from the person's view) closes.
  const opener = useRef<HTMLElement | null>(null);
  const refocus = () => {
    const target = opener.current;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (target?.isConnected && !document.querySelector('[role="dialog"]')) target.focus();
      }),
    );
  };
  // The lead on screen follows ?lead=, except that Back away from an unsaved note asks
  // first and puts the lead back in the URL when the administrator keeps it.
  const [openId, setShown] = useState(urlLead);
  const pushedOpen = useRef(false);
  useEffect(() => {
    if (urlLead === openId) return;
    let live = true;
    void confirmLeave().then((leave) => {
      if (!live) return;
      if (leave) setShown(urlLead);
      else go(latest.current.filter, openId, true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL only
  }, [urlLead]);
  const rememberOpener = () => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  const openLead = (lead: string) => {
    rememberOpener();
    pushedOpen.current = true;
    setShown(lead);
    go(filter, lead);
  };
  const closeLead = () => {
    setShown(undefined);
    // Closing undoes the opening in the history, so Back does not reopen the lead.
    if (pushedOpen.current) window.history.back();
    else go(filter, undefined, true);
    pushedOpen.current = false;
    refocus();
  };
  // The person's view takes the place of the dialog it was opened from (in the history too).
  const openContact = (email: string, fromDialog: boolean) => {
    if (!fromDialog) {
      rememberOpener();
      pushedOpen.current = true;
    }
    setShown(undefined);
    go(filter, undefined, fromDialog, email);
  };
  const leadFromContact = (lead: string) => {
    setShown(lead);
    go(filter, lead, true);
  };
  const closeContact = () => {
    if (pushedOpen.current) window.history.back();
    else go(filter, undefined, true);
    pushedOpen.current = false;
    refocus();
  };
  return {
    filter,
    view,
    /** The lead on screen (see above: it may lag ?lead= while a note asks). */
    openId,
    /** The person whose submissions are on screen (?contact=). */
    contact: urlContact,
    setFilter,
    setSearch,
    setView,
    openLead,
    closeLead,
    openContact,
    leadFromContact,
    closeContact,
  };
}
