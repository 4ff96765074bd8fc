// The entry point the workflow and experiments modules import the page type and repository
// from while they are split alongside (issue 34); everything else imports the module of
// functions/data/landing-pages/ it needs (docs/decisions/0441-data-modules-by-concern.md).
export type { LandingPage } from './landing-pages/page-item.ts';
export type { LandingPageRepository } from './landing-pages/repository.ts';
