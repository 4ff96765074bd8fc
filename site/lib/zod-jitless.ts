// What `zod` resolves to in browser bundles (astro.config.mjs aliases it here). Zod 4
// compiles object parsers with `new Function` after probing whether eval is allowed;
// under our Content-Security-Policy (no 'unsafe-eval') that probe is blocked and
// reported as a CSP violation on every page with an island. Jitless mode never probes
// and parses the same way, only without the compiled fast path.
import { config } from 'zod/v4';

config({ jitless: true });

// Islands write `import * as z from 'zod'` (eslint.config.js), as the API does.
export * from 'zod/v4';
