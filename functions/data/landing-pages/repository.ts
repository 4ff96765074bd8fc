// The landing page repository importers use (functions/data/landing-pages/page-item.ts says
// what is stored and how): one class built in layers, a module per concern (the split:
// docs/decisions/0441-data-modules-by-concern.md): reads and shared write parts (store.ts), creates and
// updates (changes.ts), versions (versions.ts) and deletion (deletion.ts).
import { LandingPageDeletion } from './deletion.ts';

export class LandingPageRepository extends LandingPageDeletion {}
