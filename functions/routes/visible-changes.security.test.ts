// Issue 33: "Every change visitors could see passes the review the settings require, whatever
// the route and the role." One table, the single source: every mutating route of the app's
// route table (functions/routes/route-table.ts) is classified here as writing something
// visitors see (with the cases that exercise it) or not (with the reason); a route added
// tomorrow fails the first test until it is classified. Each visible case is then called by
// each of the five roles under each of SETTINGS (approvals 0 and 1, the checks blocking or not), against what visitors get:
//   - the public page API (GET /api/landing-pages/<slug>, its media map included),
//   - the image bytes served at /objects/uploads/<id> (the local server's front, real HTTP),
//   - what the site build reads (functions/site-data/store.ts: the live pages, their media
//     records and the running experiments' variants), and the page's HTML rendered from that
//     with the build's own renderer (LandingMarkup, as site/components/landing/LandingPage.astro),
//     with the claims the page says as the build reads them (issue 36).
// With approvals 0 the route does today's thing: a role with the permission changes what
// visitors see, the others get 403 and change nothing. With approvals 1 and no signature,
// nothing new becomes visible for any role: what visitors can see afterwards is a part of
// what they could see before (a page or a variant may go away: taking down needs no review).
// The checks before publishing (issue 38) are a setting too: with `checksBlockPublishing` on, a
// copy with a check error goes live only when a publisher publishes over it with a reason;
// with it off, as any copy.
// Real DynamoDB Local and disk store through the app and the local server's front.
import { createHash } from 'node:crypto';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { LandingMarkup } from '../../site/islands/landing/landing-page.tsx';
import { ALL_ROUTES } from '../app.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { png } from '../media/test-images.ts';
import { runDueSchedules } from '../publishing/scheduler.ts';
import {
  readActivePages,
  readBuildClaims,
  readMediaRecords,
  readRunningExperiments,
} from '../site-data/store.ts';
import { claimKeysOf, pageClaimsOf } from '../shared/claims/page-claims.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { mediaIdsIn, mediaMapOf } from '../shared/media-map.ts';
import type { MediaRecord } from '../shared/media.ts';
import { can, ROLES, type Permission, type Role } from '../shared/roles.ts';
import { stableStringify } from '../shared/stable-json.ts';
import { landingTemplate } from '../shared/template.ts';
import { deriveLayout } from '../shared/blocks.ts';
import { storedSlug, translationId } from '../shared/translation-ids.ts';
import { TEST_PASSWORD } from '../test/harness.ts';
import { mediaApp, type MediaApp } from '../test/media-kit.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

// ---- The cases -------------------------------------------------------------------------

/** What a case's `arrange` gets: the app, the clock and helpers that set up as the system. */
interface Stage {
  t: MediaApp;
  /** The signed-in caller's e-mail (an e-signature names it on a session's first). */
  caller: string;
  /** A slug of its own for this case and role. */
  slug: string;
  /** Text no other case or role writes: what the call puts where visitors could see it. */
  mark: string;
  livePage(content?: LandingContent): Promise<LandingPage>;
  /** An image (its own bytes) that a new live page shows in its first feature. */
  liveImage(): Promise<{ page: LandingPage; image: MediaRecord }>;
  /** A draft experiment on a live page whose variant b has `mark` as its headline. */
  experiment(): Promise<{ page: LandingPage; id: string }>;
  /** Runs `arrange` steps that would need a signature with review switched off meanwhile. */
  unreviewed<T>(steps: () => Promise<T>): Promise<T>;
  advanceClock(ms: number): void;
}

/** The call a case makes, and where to look for what visitors see. */
interface Call {
  method: string;
  path: string;
  body?: unknown;
  /** Pages (by slug) whose public answer, build input and HTML are compared. */
  slugs: string[];
  /** Images whose served bytes are compared (besides those the pages show). */
  images?: MediaRecord[];
  /** After the answer, before looking (a schedule's time coming, say). */
  settle?: () => Promise<void>;
}

interface VisibleCase {
  name: string;
  /** The permission a role needs for the change (docs/decisions/0131-roles.md). */
  needs: Permission;
  arrange(stage: Stage): Promise<Call>;
  /** Visitors see nothing of it before the call (a page to be created or restored). */
  unseenBefore?: boolean;
  /**
   * The call is itself the e-signature that reviews what becomes visible (a claim's
   * wording, approved by someone who did not write it): with approvals required, a role
   * with the permission still changes what visitors see.
   */
  signs?: boolean;
  /** More of what visitors see, for routes whose output is not a page (a public form). */
  seen?: (t: MediaApp) => Promise<string[]>;
  /**
   * The content has an error the checks before publishing find (issue 38) and the call does
   * not publish over it: refused (409) for every role and setting, nothing new visible.
   */
  refusedByChecks?: boolean;
}

type Classification = { visible: VisibleCase[] } | { notVisible: string } | { formsTable: string };

const headline = (content: LandingContent, text: string): LandingContent => ({
  ...content,
  hero: { ...content.hero, headline: text },
});

const putLive: VisibleCase = {
  name: "SPEC's PUT of a live page",
  needs: 'publish',
  arrange: async ({ livePage, mark }) => {
    const page = await livePage();
    return {
      method: 'PUT',
      path: `/api/landing-pages/${page.id}`,
      body: { title: mark, content: headline(page.content, mark) },
      slugs: [page.slug],
    };
  },
};

const assignImage: VisibleCase = {
  name: "SPEC's image assignment (PUT {content}) on a live page",
  needs: 'publish',
  arrange: async ({ livePage, t }) => {
    const page = await livePage();
    const image = await t.addImage(await png(40, 30, '#0a5'), 'assign.png');
    const content = {
      ...page.content,
      hero: { ...page.content.hero, heroImage: image.objectPath },
    };
    return {
      method: 'PUT',
      path: `/api/landing-pages/${page.id}`,
      body: { content },
      slugs: [page.slug],
    };
  },
};

const createLive: VisibleCase = {
  name: 'a page created live',
  needs: 'publish',
  unseenBefore: true,
  arrange: async ({ slug, mark }) => ({
    method: 'POST',
    path: '/api/landing-pages',
    body: { title: mark, slug, isActive: true },
    slugs: [slug],
  }),
};

const makeLive: VisibleCase = {
  name: "SPEC's PUT that makes a draft live",
  needs: 'publish',
  unseenBefore: true,
  arrange: async ({ t, slug, mark }) => {
    const page = await t.services.pages.create({
      title: mark,
      slug,
      isActive: false,
      content: landingTemplate(),
    });
    return {
      method: 'PUT',
      path: `/api/landing-pages/${page.id}`,
      body: { isActive: true },
      slugs: [slug],
    };
  },
};

const deletePage: VisibleCase = {
  name: 'a live page deleted (taken down)',
  needs: 'publish',
  arrange: async ({ livePage }) => {
    const page = await livePage();
    return { method: 'DELETE', path: `/api/landing-pages/${page.id}`, slugs: [page.slug] };
  },
};

const resetLive: VisibleCase = {
  name: 'a live page reset to the template',
  needs: 'publish',
  arrange: async ({ livePage, mark }) => {
    const page = await livePage(headline(landingTemplate(), mark));
    return {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/reset-to-template`,
      slugs: [page.slug],
    };
  },
};

const restoreVersion: VisibleCase = {
  name: 'a version restored onto a live page',
  needs: 'publish',
  arrange: async ({ t, livePage, mark, unreviewed }) => {
    // The version holds `mark`; the live page has moved on since.
    const page = await livePage(headline(landingTemplate(), mark));
    await unreviewed(() =>
      t.services.pages.update(
        page.id,
        { content: landingTemplate() },
        { actor: 'fixture@pharmabridge.test', action: 'update' },
      ),
    );
    const [version] = await t.services.pages.versions(page.id);
    return {
      method: 'POST',
      path: `/api/admin/pages/${page.id}/versions/${encodeURIComponent(version!.versionId)}/restore`,
      slugs: [page.slug],
    };
  },
};

const restoreDeleted: VisibleCase = {
  name: 'a deleted live page restored',
  needs: 'publish',
  unseenBefore: true,
  arrange: async ({ t, livePage }) => {
    const page = await livePage();
    await t.services.pages.delete(page.id, {
      actor: 'fixture@pharmabridge.test',
      action: 'delete',
    });
    return {
      method: 'POST',
      path: `/api/admin/deleted-pages/${page.id}/restore`,
      slugs: [page.slug],
    };
  },
};

/** A live page with a working copy nobody approved, whose headline is `mark`. */
async function pageWithCopy({ t, livePage, mark }: Stage) {
  const page = await livePage();
  await t.services.workflow.saveDraft(
    page,
    { title: page.title, slug: page.slug, content: headline(page.content, mark) },
    page.revision,
    { email: 'fixture@pharmabridge.test' },
  );
  return page;
}

/** Publish of a working copy, now (`later` absent) or on a schedule the scheduler then runs. */
const publishCase = (name: string, later?: number): VisibleCase => ({
  name,
  needs: 'publish',
  arrange: async (stage) => {
    const page = await pageWithCopy(stage);
    const call: Call = {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/publish`,
      body: later ? { at: new Date(stage.t.services.now().getTime() + later).toISOString() } : {},
      slugs: [page.slug],
    };
    if (!later) return call;
    return {
      ...call,
      settle: async () => {
        stage.advanceClock(2 * later);
        await runDueSchedules(stage.t.services);
      },
    };
  },
});

/**
 * A live page whose working copy has `mark` in a block linking to an anchor the page does not
 * have: an error of the checks before publishing (functions/checks/links.ts).
 */
async function pageWithBrokenCopy({ t, livePage, mark }: Stage) {
  const page = await livePage();
  const blocks = deriveLayout(page.content);
  const broken = { id: 'notes', type: 'richText', markdown: `${mark}: see [the agenda](#agenda).` };
  await t.services.workflow.saveDraft(
    page,
    {
      title: page.title,
      slug: page.slug,
      content: {
        ...page.content,
        layout: [...blocks.slice(0, -1), broken, ...blocks.slice(-1)],
      } as LandingContent,
    },
    page.revision,
    { email: 'fixture@pharmabridge.test' },
  );
  return page;
}

/** Publish of a copy with a check error, over it with a reason (`reason`) or not. */
const publishOverChecks = (reason?: string): VisibleCase => ({
  name: reason
    ? 'a working copy with a check error published over it with a reason'
    : 'a working copy with a check error published without a reason',
  needs: 'publish',
  ...(reason ? {} : { refusedByChecks: true }),
  arrange: async (stage) => {
    const page = await pageWithBrokenCopy(stage);
    return {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/publish`,
      body: reason ? { overrideChecks: { reason } } : {},
      slugs: [page.slug],
    };
  },
});

const HOUR = 3_600_000;
const publishNow = publishCase('a working copy published now');

/**
 * A live page with a German version (issue 39): the locales setting gets de-DE, and the
 * version has a working copy with `mark` (`live`: the version is itself live already, as the
 * seed would write it). The build reads it with its page (BuildPage.translations).
 */
async function germanVersion(stage: Stage, live = false) {
  const { t, livePage, mark } = stage;
  const fixture = { email: 'fixture@pharmabridge.test' };
  const page = await livePage();
  await t.services.workflow.putSettings({ locales: ['en-US', 'de-DE'] }, fixture);
  const version = await t.services.pages.create(
    {
      title: `${page.title} (Deutsch)`,
      slug: storedSlug('de', page.slug),
      isActive: live,
      content: page.content,
    },
    { id: translationId(page.id, 'de-DE') },
  );
  if (!live) {
    await t.services.workflow.saveTranslation(
      version,
      { title: version.title, slug: version.slug, content: headline(page.content, mark) },
      version.revision,
      fixture,
      { sourceRevision: page.revision, texts: {} },
    );
  }
  return page;
}

/** A German version's working copy published now, or on a schedule the scheduler runs. */
const publishGerman = (later?: number): VisibleCase => ({
  name: later
    ? "a page's German working copy published on a schedule"
    : "a page's German working copy published now",
  needs: 'publish',
  arrange: async (stage) => {
    const page = await germanVersion(stage);
    const call: Call = {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/locales/de-DE/publish`,
      body: later ? { at: new Date(stage.t.services.now().getTime() + later).toISOString() } : {},
      slugs: [page.slug],
    };
    if (!later) return call;
    return {
      ...call,
      settle: async () => {
        stage.advanceClock(2 * later);
        await runDueSchedules(stage.t.services);
      },
    };
  },
});

const unpublishGerman: VisibleCase = {
  name: "a page's live German version taken down",
  needs: 'publish',
  arrange: async (stage) => {
    const page = await germanVersion(stage, true);
    return {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/locales/de-DE/unpublish`,
      body: {},
      slugs: [page.slug],
    };
  },
};
const publishLater = publishCase(
  'a working copy published on a schedule (the scheduler runs at the time)',
  HOUR,
);

const unpublish: VisibleCase = {
  name: 'a live page taken down',
  needs: 'publish',
  arrange: async ({ livePage }) => {
    const page = await livePage();
    return {
      method: 'POST',
      path: `/api/landing-pages/${page.id}/unpublish`,
      body: {},
      slugs: [page.slug],
    };
  },
};

/**
 * A claim (or its only evidence) withdrawn while `withdrawnClaims` is `unpublish` takes the live pages saying it
 * down at once (docs/decisions/0538-claim-withdrawal.md): visitors lose a page, they gain
 * nothing, so no review is needed beyond the reviewer's own permission.
 */
/** An approved claim (with its one piece of evidence) that a new live page says. */
async function claimedPage({ t, livePage, slug }: Stage, text = 'SOC 2 Type II audited') {
  const fixture = { email: 'fixture@pharmabridge.test' };
  const evidence = await t.services.evidence.create(
    { title: `Report for ${slug}`, source: 'Auditor', date: '2026-10-01', kind: 'internal' },
    fixture,
  );
  const claim = await t.services.claims.create(
    {
      key: `claim-${slug}`,
      text,
      category: 'certifications',
      references: [{ evidenceId: evidence.id, locator: 'Opinion' }],
      forbiddenWordings: [],
    },
    fixture,
  );
  await t.services.claims.approve(
    claim.id,
    {
      signer: { email: 'signer@pharmabridge.test', name: 'Signer', checklist: [] },
      meaning: 'approved',
    },
    fixture,
  );
  const base = landingTemplate();
  const page = await livePage({
    ...base,
    hero: { ...base.hero, headline: `Audited: {{claim:${claim.key}}}` },
  });
  return { fixture, evidence, claim: await t.services.claims.get(claim.id), page };
}

/**
 * A claim's new wording, approved: every live page saying the claim reads it at the next
 * build (docs/decisions/0523-claims-rendered.md). The approval is the review, by a reviewer
 * who did not write the wording (docs/decisions/0521-claims-store.md).
 */
const approveClaimWording: VisibleCase = {
  name: "a claim's changed wording approved",
  needs: 'review',
  signs: true,
  arrange: async (stage) => {
    const { t, mark, caller } = stage;
    const { fixture, claim, page } = await claimedPage(stage);
    await t.services.claims.update(claim.id, { revision: claim.revision, text: mark }, fixture);
    return {
      method: 'POST',
      path: `/api/admin/claims/${claim.id}/approve`,
      body: { email: caller, password: TEST_PASSWORD, meaning: 'approved' },
      slugs: [page.slug],
    };
  },
};

const withdrawCase = (what: 'claim' | 'evidence'): VisibleCase => ({
  name: `${what === 'claim' ? 'a claim' : 'the only evidence of a claim'} withdrawn while the setting takes down the pages saying it`,
  needs: 'review',
  arrange: async (stage) => {
    const { fixture, evidence, claim, page } = await claimedPage(stage);
    await stage.t.services.workflow.putSettings({ withdrawnClaims: 'unpublish' }, fixture);
    return {
      method: 'POST',
      path:
        what === 'claim'
          ? `/api/admin/claims/${claim.id}/withdraw`
          : `/api/admin/evidence/${evidence.id}/withdraw`,
      body: { reason: 'The audit period ended' },
      slugs: [page.slug],
    };
  },
});

const altText: VisibleCase = {
  name: 'the alt text of an image a live page shows',
  needs: 'edit',
  arrange: async ({ liveImage, mark }) => {
    const { page, image } = await liveImage();
    return {
      method: 'PATCH',
      path: `/api/admin/media/${image.id}`,
      body: { alt: mark },
      slugs: [page.slug],
      images: [image],
    };
  },
};

const replaceBytes: VisibleCase = {
  name: 'the bytes of an image a live page shows',
  needs: 'edit',
  arrange: async ({ t, liveImage }) => {
    const { page, image } = await liveImage();
    const { objectPath } = await t.uploadForm(await png(50, 20, '#c30'), 'new-bytes.png');
    return {
      method: 'POST',
      path: `/api/admin/media/${image.id}/replace`,
      body: { objectPath },
      slugs: [page.slug],
      images: [image],
    };
  },
};

const startExperiment: VisibleCase = {
  name: 'an experiment started (its variants served)',
  needs: 'publish',
  arrange: async ({ experiment }) => {
    const { page, id } = await experiment();
    return { method: 'POST', path: `/api/admin/experiments/${id}/start`, slugs: [page.slug] };
  },
};

/** An experiment running on a live page (started with review off). */
async function running(stage: Stage) {
  const { page, id } = await stage.experiment();
  await stage.unreviewed(() =>
    stage.t.services.experiments.start(id, page, 0, { email: 'fixture@pharmabridge.test' }),
  );
  return { page, id };
}

const promote: VisibleCase = {
  name: "an experiment's variant promoted (written onto the page)",
  needs: 'publish',
  arrange: async (stage) => {
    const { page, id } = await running(stage);
    return {
      method: 'POST',
      path: `/api/admin/experiments/${id}/promote`,
      body: { variantId: 'b' },
      slugs: [page.slug],
    };
  },
};

const lifecycle = (action: 'pause' | 'stop'): VisibleCase => ({
  name: `a running experiment's ${action} (its variants withdrawn)`,
  needs: 'publish',
  arrange: async (stage) => {
    const { page, id } = await running(stage);
    return { method: 'POST', path: `/api/admin/experiments/${id}/${action}`, slugs: [page.slug] };
  },
});

/**
 * Form definitions have their own table, functions/routes/forms-review.security.test.ts:
 * every form route called by each role with approvals 0 and 1, reading the public
 * GET /api/forms/:id and the build's forms (functions/site-data/forms.ts) around each call.
 */
const FORMS_TABLE: Classification = {
  formsTable:
    'a form definition is what visitors fill in: functions/routes/forms-review.security.test.ts calls every form route by each role with approvals 0 and 1 and reads the public form and the build input around each call',
};

// ---- The classification: every mutating route, once --------------------------------

const NONE = {
  draft:
    'writes the working copy, which visitors see only once it is published (POST .../publish, in this table)',
  review:
    'a step of the review (submit, sign, reject, comment): nothing visitors see changes until a publish',
  preview:
    'a preview link shows the working copy only to whoever holds the link, marked "Preview, not live", noindex and uncached',
  experimentDraft:
    'only a draft experiment can be created, edited or deleted, and a draft is served to nobody (its start is in this table)',
  account: 'accounts, sessions and sign-in: nothing of the public site',
  apiTokens:
    'an API token is a credential for the admin API: its calls go through the routes of this table, each classified on its own (docs/decisions/0567-api-tokens.md)',
  leads: 'leads are personal data for the team: nothing visitors see',
  analytics: 'analytics, goals and their shares and reports: read by the team only',
  upload:
    'a new image or private file: no page shows it until one refers to it, which is a page change in this table',
  mediaDelete:
    'refused (409) while any page or working copy refers to the image; an unused image is shown by nothing',
  settings:
    'the approvals setting itself: changes no content; every later change follows it (the lead routing settings: mail and CRM only)',
  webhooks:
    'a webhook subscription sends events to a receiver the team chose: nothing of the public site',
  templates:
    'a template is where a new page may start; a new page goes live only through this table’s routes',
  build:
    'rebuilds the site from what is stored: every stored change visitors could see came through a route in this table',
  redirects:
    'a redirect shows no content of its own: it sends a path to a site path (a page that passed this table) or an https address; publish permission (docs/decisions/0138-what-a-redirect-is.md), not the approvals setting (docs/decisions/0300-review-covers-every-visible-write.md)',
  schedule:
    'cancelling a schedule changes nothing now: a cancelled publish never happens, a cancelled unpublish leaves the page as it is',
  lifecycle:
    'a review-by date and expiry change no content; at the expiry the runner only takes the page down, which needs no review, or flags it in the Pages list (docs/decisions/0556-page-lifecycle.md)',
  calendarFeed:
    'a calendar feed is a secret address of the team’s calendar for one person’s calendar app: nothing of the public site',
  visitor: 'a visitor’s own lead or event: counted for the team, shown to no other visitor',
  claims:
    'a new claim or piece of evidence, or a change to one, says nothing to visitors until a reviewer approves the claim (a change of wording or references returns it to draft, docs/decisions/0521-claims-store.md); a draft claim renders nowhere public (docs/decisions/0523-claims-rendered.md)',
} as const;

const ROUTES: Record<string, Classification> = {
  'POST /api/landing-pages': { visible: [createLive] },
  'PUT /api/landing-pages/:id': { visible: [putLive, assignImage, makeLive] },
  'DELETE /api/landing-pages/:id': { visible: [deletePage] },
  'POST /api/landing-pages/:id/reset-to-template': { visible: [resetLive] },
  'PUT /api/landing-pages/:id/draft': { notVisible: NONE.draft },
  'DELETE /api/landing-pages/:id/draft': { notVisible: NONE.draft },
  'POST /api/landing-pages/:id/submit': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/approve': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/reject': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/publish': {
    visible: [
      publishNow,
      publishLater,
      publishOverChecks('The agenda block follows in the next version.'),
      publishOverChecks(),
    ],
  },
  'POST /api/landing-pages/:id/unpublish': { visible: [unpublish] },
  'PUT /api/landing-pages/:id/locales/:locale/draft': { notVisible: NONE.draft },
  'DELETE /api/landing-pages/:id/locales/:locale/draft': { notVisible: NONE.draft },
  'PUT /api/landing-pages/:id/locales/:locale/xliff': { notVisible: NONE.draft },
  'POST /api/landing-pages/:id/locales/:locale/submit': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/locales/:locale/approve': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/locales/:locale/reject': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/locales/:locale/publish': {
    visible: [publishGerman(), publishGerman(HOUR)],
  },
  'POST /api/landing-pages/:id/locales/:locale/unpublish': { visible: [unpublishGerman] },
  'DELETE /api/landing-pages/:id/locales/:locale/schedule/:action': { notVisible: NONE.schedule },
  'DELETE /api/landing-pages/:id/schedule/:action': { notVisible: NONE.schedule },
  'PUT /api/landing-pages/:id/lifecycle': { notVisible: NONE.lifecycle },
  'POST /api/landing-pages/:id/comments': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/comments/:commentId/resolve': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/comments/:commentId/reopen': { notVisible: NONE.review },
  'POST /api/landing-pages/:id/preview-links': { notVisible: NONE.preview },
  'DELETE /api/landing-pages/:id/preview-links/:linkId': { notVisible: NONE.preview },
  'POST /api/admin/pages/:id/versions/:versionId/restore': { visible: [restoreVersion] },
  'POST /api/admin/deleted-pages/:id/restore': { visible: [restoreDeleted] },
  'POST /api/admin/build': { notVisible: NONE.build },
  'POST /api/admin/claims': { notVisible: NONE.claims },
  'PATCH /api/admin/claims/:id': { notVisible: NONE.claims },
  'POST /api/admin/claims/:id/approve': { visible: [approveClaimWording] },
  'POST /api/admin/claims/:id/withdraw': { visible: [withdrawCase('claim')] },
  'POST /api/admin/evidence': { notVisible: NONE.claims },
  'PATCH /api/admin/evidence/:id': { notVisible: NONE.claims },
  'POST /api/admin/evidence/:id/withdraw': { visible: [withdrawCase('evidence')] },
  'POST /api/admin/redirects': { notVisible: NONE.redirects },
  'DELETE /api/admin/redirects/:id': { notVisible: NONE.redirects },
  'POST /api/admin/experiments': { notVisible: NONE.experimentDraft },
  'PATCH /api/admin/experiments/:id': { notVisible: NONE.experimentDraft },
  'DELETE /api/admin/experiments/:id': { notVisible: NONE.experimentDraft },
  'PUT /api/admin/experiments/:id/variants/:variantId': { notVisible: NONE.experimentDraft },
  'POST /api/admin/experiments/:id/variants/:variantId/approve': { notVisible: NONE.review },
  'POST /api/admin/experiments/:id/start': { visible: [startExperiment] },
  'POST /api/admin/experiments/:id/pause': { visible: [lifecycle('pause')] },
  'POST /api/admin/experiments/:id/stop': { visible: [lifecycle('stop')] },
  'POST /api/admin/experiments/:id/promote': { visible: [promote] },
  'PATCH /api/admin/media/:id': { visible: [altText] },
  'POST /api/admin/media/:id/replace': { visible: [replaceBytes] },
  'DELETE /api/admin/media/:id': { notVisible: NONE.mediaDelete },
  'PUT /api/admin/forms/:formId': FORMS_TABLE,
  'DELETE /api/admin/forms/:formId': FORMS_TABLE,
  'POST /api/admin/forms/:formId/submit': FORMS_TABLE,
  'POST /api/admin/forms/:formId/approve': FORMS_TABLE,
  'POST /api/admin/forms/:formId/publish': FORMS_TABLE,
  'POST /api/admin/templates': { notVisible: NONE.templates },
  'DELETE /api/admin/templates/:id': { notVisible: NONE.templates },
  'PUT /api/admin/settings': { notVisible: NONE.settings },
  'PUT /api/admin/settings/leads': { notVisible: NONE.settings },
  'POST /api/admin/settings/leads/test': { notVisible: NONE.settings },
  'POST /api/admin/webhooks': { notVisible: NONE.webhooks },
  'PATCH /api/admin/webhooks/:id': { notVisible: NONE.webhooks },
  'DELETE /api/admin/webhooks/:id': { notVisible: NONE.webhooks },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/replay': { notVisible: NONE.webhooks },
  'POST /api/admin/assets': { notVisible: NONE.upload },
  'POST /api/admin/assets/:id/complete': { notVisible: NONE.upload },
  'POST /api/objects/upload': { notVisible: NONE.upload },
  'POST /api/objects/acl': { notVisible: NONE.upload },
  'POST /api/s3/multipart': { notVisible: NONE.upload },
  'POST /api/s3/multipart/:uploadId/complete': { notVisible: NONE.upload },
  'DELETE /api/s3/multipart/:uploadId': { notVisible: NONE.upload },
  'PUT /api/admin/reports/weekly': { notVisible: NONE.analytics },
  'POST /api/admin/reports/weekly/send': { notVisible: NONE.analytics },
  'POST /api/admin/analytics/shares': { notVisible: NONE.analytics },
  'POST /api/admin/tokens': { notVisible: NONE.apiTokens },
  'DELETE /api/admin/tokens/:id': { notVisible: NONE.apiTokens },
  'POST /api/admin/calendar/feeds': { notVisible: NONE.calendarFeed },
  'DELETE /api/admin/calendar/feeds/:id': { notVisible: NONE.calendarFeed },
  'DELETE /api/admin/analytics/shares/:id': { notVisible: NONE.analytics },
  'POST /api/admin/goals': { notVisible: NONE.analytics },
  'PUT /api/admin/goals/funnel': { notVisible: NONE.analytics },
  'DELETE /api/admin/goals/:id': { notVisible: NONE.analytics },
  'POST /api/admin/leads/export': { notVisible: NONE.leads },
  'POST /api/admin/leads/bulk': { notVisible: NONE.leads },
  'PATCH /api/admin/leads/:id': { notVisible: NONE.leads },
  'POST /api/admin/leads/:id/retry': { notVisible: NONE.leads },
  'DELETE /api/admin/leads/:id': { notVisible: NONE.leads },
  'POST /api/auth/login': { notVisible: NONE.account },
  'POST /api/auth/login/code': { notVisible: NONE.account },
  'POST /api/auth/logout': { notVisible: NONE.account },
  'POST /api/auth/setup': { notVisible: NONE.account },
  'POST /api/auth/invitation': { notVisible: NONE.account },
  'POST /api/auth/password-reset': { notVisible: NONE.account },
  'POST /api/auth/password-reset/confirm': { notVisible: NONE.account },
  'PUT /api/account/password': { notVisible: NONE.account },
  'DELETE /api/account/sessions/:id': { notVisible: NONE.account },
  'PATCH /api/account/admins/:email': { notVisible: NONE.account },
  'POST /api/account/admins/:email/disable': { notVisible: NONE.account },
  'POST /api/account/admins/:email/enable': { notVisible: NONE.account },
  'POST /api/account/admins/:email/password-reset': { notVisible: NONE.account },
  'POST /api/account/invitations': { notVisible: NONE.account },
  'DELETE /api/account/invitations/:id': { notVisible: NONE.account },
  'POST /api/account/two-factor/enrolment': { notVisible: NONE.account },
  'POST /api/account/two-factor/enrolment/confirm': { notVisible: NONE.account },
  'POST /api/account/two-factor/disable': { notVisible: NONE.account },
  'POST /api/account/two-factor/recovery-codes': { notVisible: NONE.account },
  'POST /api/contact': { notVisible: NONE.visitor },
  'POST /api/conversions': { notVisible: NONE.visitor },
};

const key = (route: RouteEntry) => `${route.method} ${route.path}`;
const CASES = Object.entries(ROUTES).flatMap(([route, classified]) =>
  'visible' in classified ? classified.visible.map((visible) => ({ route, visible })) : [],
);

describe('the table of routes that write what visitors see', () => {
  it('classifies every mutating route of the route table, and nothing else', () => {
    const mutating = routeTable(ALL_ROUTES)
      .filter((route) => route.method !== 'GET')
      .map(key)
      .sort();
    expect(Object.keys(ROUTES).sort()).toEqual(mutating);
  });

  it('gives each visible route a case, and each other route its reason', () => {
    for (const [route, classified] of Object.entries(ROUTES)) {
      if ('visible' in classified) expect(classified.visible.length, route).toBeGreaterThan(0);
      else if ('notVisible' in classified)
        expect(classified.notVisible.length, route).toBeGreaterThan(20);
      else expect(route, classified.formsTable).toMatch(/^(PUT|DELETE|POST) \/api\/admin\/forms\//);
    }
  });
});

// ---- What visitors see ------------------------------------------------------------------

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Everything visitors could get of a call's pages and images, one line each, sorted. */
async function seen(t: MediaApp, call: Call, extra?: VisibleCase['seen']): Promise<string[]> {
  const lines: string[] = [];
  const paths = new Set((call.images ?? []).map((image) => image.objectPath));
  for (const slug of call.slugs) {
    const answer = await fetch(`${t.url}/api/landing-pages/${slug}`);
    if (answer.status !== 200) continue;
    const { title, isActive, content, media } = (await answer.json()) as {
      title: string;
      isActive: boolean;
      content: unknown;
      media: Record<string, unknown>;
    };
    lines.push(`api /${slug} ${stableStringify({ title, isActive, content, media })}`);
    for (const path of Object.keys(media)) paths.add(path);
  }
  for (const path of paths) {
    const served = await fetch(`${t.url}${path}`);
    if (served.status === 200)
      lines.push(`bytes ${path} ${sha(Buffer.from(await served.arrayBuffer()))}`);
  }
  // What the site build reads, and the page it renders from it.
  const env = {
    TABLE_NAME: t.services.config.env.TABLE_NAME,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
  };
  const pages = ((await readActivePages(env)) ?? []).filter((page) =>
    call.slugs.includes(page.slug),
  );
  const media = mediaMapOf(
    await readMediaRecords(
      pages.flatMap((page) => mediaIdsIn(page.content)),
      env,
    ),
  );
  const build = await readBuildClaims(env);
  for (const page of pages) {
    const shown = Object.fromEntries(
      Object.entries(media).filter(([path]) =>
        mediaIdsIn(page.content).some((id) => path.endsWith(id)),
      ),
    );
    // The claims it says, as the build reads them (approved wordings and their evidence).
    const keys = claimKeysOf(page.content);
    const claims = keys.length ? pageClaimsOf(keys, build.claims, build.evidence) : undefined;
    // Each of its versions in other locales is a page of its own to visitors (issue 39).
    const { translations, ...own } = page;
    lines.push(`build /${page.slug} ${stableStringify({ page: own, shown, claims })}`);
    for (const version of translations ?? []) {
      lines.push(`build /${version.prefix}/${version.slug} ${stableStringify(version)}`);
    }
    const html = renderToStaticMarkup(
      h(LandingMarkup, {
        content: page.content,
        media: shown,
        slug: page.slug,
        defaultPageId: 'default',
        claims,
      }),
    );
    lines.push(`html /${page.slug} ${sha(html)}`);
  }
  const { experiments } = await readRunningExperiments(pages, env);
  for (const experiment of experiments) {
    for (const variant of experiment.variants) {
      lines.push(`variant ${experiment.pageId} ${variant.id} ${stableStringify(variant.content)}`);
    }
  }
  if (extra) lines.push(...(await extra(t)));
  return lines.sort();
}

// ---- Every case, by every role, under every setting -------------------------------------

async function world(approvalsRequired: number, checksBlockPublishing: boolean) {
  let now = Date.parse('2026-12-01T09:00:00Z');
  const t = await mediaApp('disk', {}, { now: () => new Date(now) });
  const cookies = {} as Record<Role, string>;
  for (const role of ROLES) {
    cookies[role] = (await t.signIn(`${role}-caller@pharmabridge.test`, role)).cookie;
  }
  const setApprovals = (n: number) =>
    t.services.workflow.putSettings(
      { approvalsRequired: n },
      { email: 'fixture@pharmabridge.test' },
    );
  await setApprovals(approvalsRequired);
  await t.services.workflow.putSettings(
    { checksBlockPublishing },
    { email: 'fixture@pharmabridge.test' },
  );
  let serial = 0;
  const stage = (role: Role): Stage => {
    serial += 1;
    const slug = `case-${serial}-${role}`;
    const mark = `Changed ${serial} by ${role}`;
    const livePage = (content: LandingContent = landingTemplate()) =>
      t.services.pages.create({ title: `Page ${serial}`, slug, isActive: true, content });
    return {
      t,
      caller: `${role}-caller@pharmabridge.test`,
      slug,
      mark,
      livePage,
      liveImage: async () => {
        const image = await t.addImage(await png(30 + serial, 20, '#246'), `case-${serial}.png`);
        const base = landingTemplate();
        const page = await livePage({
          ...base,
          features: {
            ...base.features,
            items: [{ title: 'Shown', description: 'An image', image: image.objectPath }],
          },
        });
        return { page, image };
      },
      experiment: async () => {
        const page = await livePage();
        const item = await t.services.experiments.create(
          page,
          {
            name: `Test ${serial}`,
            goal: 'lead',
            minDays: 7,
            minVisitors: 100,
            variants: [
              { name: 'Control', weight: 50 },
              { name: 'B', weight: 50, content: headline(page.content, mark) },
            ],
          },
          { email: 'fixture@pharmabridge.test' },
        );
        return { page, id: item.id };
      },
      unreviewed: async (steps) => {
        await setApprovals(0);
        try {
          return await steps();
        } finally {
          await setApprovals(approvalsRequired);
        }
      },
      advanceClock: (ms) => {
        now += ms;
      },
    };
  };
  return { t, cookies, stage };
}

/** The settings each role and case runs under: approvals 0 and 1, the checks blocking or not. */
const SETTINGS = [
  { approvals: 0, checksBlock: true },
  { approvals: 1, checksBlock: true },
  { approvals: 0, checksBlock: false },
] as const;

for (const { approvals, checksBlock } of SETTINGS) {
  describe(`with approvalsRequired ${approvals}, checksBlockPublishing ${checksBlock}`, () => {
    it.each(ROLES)(
      '%s: every visible route',
      async (role) => {
        // A world of its own per role: what visitors could see is read whole before and after
        // each call, so a table holding one role's pages, not five, keeps each read short.
        const w = await world(approvals, checksBlock);
        onTestFinished(() => w.t.close());
        const wrong: string[] = [];
        for (const { route, visible } of CASES) {
          const call = await visible.arrange(w.stage(role));
          const before = await seen(w.t, call, visible.seen);
          const response = await w.t.call(call.method, call.path, call.body, {
            cookie: w.cookies[role],
          });
          const answer = `${response.status} ${(await response.text()).slice(0, 200)}`;
          await call.settle?.();
          const after = await seen(w.t, call, visible.seen);
          const label = `${route} (${visible.name})`;
          const allowed = can(role, visible.needs);
          if ((before.length === 0) !== Boolean(visible.unseenBefore)) {
            wrong.push(`${label}: visitors saw ${before.length} things before the call`);
          }
          if (!allowed) {
            if (response.status !== 403) wrong.push(`${label}: ${answer}, expected 403`);
            if (stableStringify(after) !== stableStringify(before)) {
              wrong.push(`${label}: refused, yet what visitors see changed`);
            }
          } else if (visible.refusedByChecks && checksBlock) {
            // Approvals missing (409 too) or the checks' error: refused either way.
            if (response.status !== 409) wrong.push(`${label}: ${answer}, expected 409`);
            if (stableStringify(after) !== stableStringify(before)) {
              wrong.push(`${label}: refused by the checks, yet what visitors see changed`);
            }
          } else if (approvals === 0 || visible.signs) {
            if (response.status >= 300) wrong.push(`${label}: ${answer}`);
            if (stableStringify(after) === stableStringify(before)) {
              wrong.push(`${label}: ${answer}, yet what visitors see did not change`);
            }
          } else {
            if (response.status >= 500 || response.status === 403)
              wrong.push(`${label}: ${answer}`);
            const appeared = after.filter((line) => !before.includes(line));
            if (appeared.length > 0) {
              wrong.push(
                `${label}: ${answer}; visible without a signature: ${appeared.join(' | ').slice(0, 400)}`,
              );
            }
          }
        }
        expect(wrong).toEqual([]);
      },
      900_000,
    );
  });
}
