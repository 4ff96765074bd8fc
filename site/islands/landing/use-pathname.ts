// The browser's path, or null in the server render (the build knows no visitor's URL).
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function usePathname(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.pathname,
    () => null,
  );
}
