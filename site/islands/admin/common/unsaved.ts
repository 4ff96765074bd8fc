// The unsaved-changes guard shared by the admin: an open form with edits registers how to
// ask "discard them?", and everything that would drop the form asks through it first
// (its own Escape, backdrop, close and Cancel; the manager's tab switch and sign-out), while
// closing or reloading the browser tab gets the browser's own prompt.
import { useEffect } from 'react';

type Ask = () => Promise<boolean>;

let ask: Ask | undefined;

/**
 * Resolves true when nothing is unsaved or the administrator chose to discard it; false
 * when they chose to keep editing.
 */
export function confirmLeave(): Promise<boolean> {
  return ask ? ask() : Promise.resolve(true);
}

/** While `dirty`, `confirm` answers confirmLeave() and the browser asks before unloading. */
export function useUnsavedGuard(dirty: boolean, confirm: Ask): void {
  useEffect(() => {
    if (!dirty) return;
    ask = confirm;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      if (ask === confirm) ask = undefined;
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty, confirm]);
}
