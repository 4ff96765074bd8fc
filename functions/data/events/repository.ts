// The event repository importers use (functions/data/events/store.ts says what is stored
// and how): one class built in layers, a module per concern (the split:
// docs/decisions/0441-data-modules-by-concern.md): the base and the counter update (store.ts), reads
// (reads.ts), the visitor-day item (visitor-day.ts), recording (recording.ts) and the locales
// setting the intake reads (locales.ts). The
// counter items' encoding (scopes, DayStats, caps) is functions/data/event-counters.ts's.
import { EventLocales } from './locales.ts';

export class EventRepository extends EventLocales {}
