// Imported first by every entry point (the Lambda functions, the local server, the test
// set-up), before any module builds a schema: zod decides at a schema's construction
// whether it may compile an object parser with `new Function`, and probes whether eval is
// allowed to find out. A function instance parses a handful of request bodies in its
// life, so that compilation never pays for itself; jitless, zod parses the same way
// without it, cold starts skip the probe and the code generation, and the server parses
// as the browser does (site/lib/zod-jitless.ts, where the CSP forbids eval anyway).
// docs/decisions/0090-zod-namespace-and-jitless.md.
import * as z from 'zod';

z.config({ jitless: true });
