// One toast at a time (docs/requirements.md §4): a new one replaces the current one. Success toasts
// stay 5 s; failures use the destructive style.
import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { closeInnermostDialog } from './dialog-stack.ts';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds shown; the provider's 5 s when absent (docs/requirements.md §9 also has 8 s toasts). */
  duration?: number;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => {});

export const useToast = () => useContext(ToastContext);

export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | undefined>();
  const show = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: Date.now() + Math.random() });
  }, []);
  const destructive = current?.variant === 'destructive';
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
        {children}
        {current && (
          <Toast.Root
            key={current.id}
            type={destructive ? 'foreground' : 'background'}
            {...(current.duration ? { duration: current.duration } : {})}
            onEscapeKeyDown={(event) => {
              // Escape outside the toast belongs to the dialog underneath (dialog-stack.ts);
              // the toast stays until it times out or is dismissed.
              const inToast = (event.target as Element | null)?.closest?.('[data-testid="toast"]');
              if (!inToast && closeInnermostDialog()) event.preventDefault();
            }}
            onOpenChange={(open) => {
              // Only this toast's own close: a newer toast must not be dismissed by it.
              if (!open) setCurrent((shown) => (shown?.id === current.id ? undefined : shown));
            }}
            data-testid="toast"
            data-variant={current.variant ?? 'default'}
            className={`flex items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg relative ${
              destructive
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
              {current.description && (
                <Toast.Description className="text-sm opacity-90">
                  {current.description}
                </Toast.Description>
              )}
            </div>
            <Toast.Close
              aria-label="Dismiss notification"
              className="absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-80 hover:opacity-100"
            >
              ×
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 md:max-w-[420px]" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
