// The admin's open dialogs, innermost last, and how each one closes. Radix gives Escape to
// the topmost dismissable layer, and a toast that appears while a dialog is open is that
// layer: Escape would first close the toast and only a second Escape the dialog. The toast
// (toast.tsx) hands Escape to the innermost dialog here instead, so one Escape always
// closes the dialog the administrator is looking at (issue 22 A).
import { useEffect, useRef } from 'react';

const closers: (() => void)[] = [];

/** While `open`, Escape on a toast calls `close` (the dialog's own Escape path). */
export function useDialogCloser(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const entry = () => latest.current();
    closers.push(entry);
    return () => {
      const index = closers.lastIndexOf(entry);
      if (index >= 0) closers.splice(index, 1);
    };
  }, [open]);
}

/** Closes the innermost open dialog; false when none is open. */
export function closeInnermostDialog(): boolean {
  const close = closers.at(-1);
  if (!close) return false;
  close();
  return true;
}
