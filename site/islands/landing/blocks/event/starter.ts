// What a new event block starts with (admin only: newBlock in layout-ops.ts fills it over the
// blank fields), so it mostly passes the schema; what remains is shown on its form.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'event'> = {
  title: 'New event',
  startsAt: '2026-01-15T16:00',
  timeZone: 'Europe/Berlin',
  durationMinutes: 60,
};
