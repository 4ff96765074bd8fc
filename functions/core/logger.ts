// The log every part of the functions writes to. Its own module, imported by the services
// (mail, rebuild, webhooks) that functions/lib/context.ts lists: defined in context.ts it
// made each of them import the module that imports them.

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** One JSON line per event, which CloudWatch and a terminal both read well. */
export function jsonLogger(minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const order = { debug: 0, info: 1, warn: 2, error: 3 } as const;
  const write =
    (level: keyof typeof order) => (message: string, details?: Record<string, unknown>) => {
      if (order[level] < order[minLevel]) return;
      const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...details });
      (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
