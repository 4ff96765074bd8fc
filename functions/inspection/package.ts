// The inspection package of a published version (issue 37, docs/inspection-package.md): a ZIP
// an inspector reads without the product. For the version visitors saw, it holds the print
// made at publication (prints.ts), the content, the field changes from the version live before
// it, the signatures that covered it, the claims it makes with their references, the page's
// audit entries of its time with their place in the hash chain, and a manifest with the
// SHA-256 of every file, which `npm run package:verify` checks offline (verify.ts).
import { createHash } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { ConflictError, NotFoundError } from '../core/domain-errors.ts';
import type { ClaimsPartition } from '../data/claims/store.ts';
import type { LandingPage, PageVersion } from '../data/landing-pages/page-item.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { claimKeysOf } from '../shared/claims/page-claims.ts';
import { jobCodeLabel, type Publication } from '../shared/job-codes.ts';
import { MEANING_LABELS } from '../shared/signatures.ts';
import { publicPath } from '../shared/slug.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { changesHtml } from './changes-html.ts';
import { manifestSchema, PACKAGE_FORMAT, PRINT_FILE, type Manifest } from './manifest.ts';
import { readPrint } from './prints.ts';
import { utcSecond } from './signature-page.ts';

export interface PackageSources {
  pages: {
    getById(id: string): Promise<LandingPage | undefined>;
    versions(id: string, limit?: number): Promise<PageVersion[]>;
  };
  audit: { itemsBetween(from: string | undefined, to: string): Promise<Record<string, unknown>[]> };
  claims: { readAll(): Promise<ClaimsPartition> };
  objects: ObjectStore;
  /** The public origin, for the address the manifest names. */
  siteUrl: string;
  now: () => Date;
}

/** A state of the page that was live: its content and the publication it went live with. */
interface LiveState {
  title: string;
  slug: string;
  content: LandingContent;
  publication: Publication;
}

export interface InspectionPackage {
  fileName: string;
  zip: Uint8Array;
  manifest: Manifest;
}

/** How many versions back the package looks for the version live before (the list's page). */
const HISTORY = 200;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function inspectionPackage(
  sources: PackageSources,
  pageId: string,
  versionId: string,
): Promise<InspectionPackage> {
  const page = await sources.pages.getById(pageId);
  if (!page) throw new NotFoundError('Landing page not found');
  const history = await sources.pages.versions(pageId, HISTORY);
  const now = sources.now();
  const { state, until } = chosenState(page, history, versionId, now);
  const code = state.publication.jobCode;
  // The version live before it: the newest older state under another job code.
  const start = history.findIndex(
    (version) =>
      version.publication?.jobCode === code ||
      (versionId !== 'live' && version.versionId === versionId),
  );
  const previous = history
    .slice(start < 0 ? 0 : start)
    .find((version) => version.publication && version.publication.jobCode !== code);
  const from = previous?.publication?.publishedAt;

  const [auditItems, claims, print] = await Promise.all([
    sources.audit.itemsBetween(from, until),
    sources.claims.readAll(),
    readPrint(sources.objects, pageId, state.publication),
  ]);
  const entries = auditItems
    .filter((item) => item['pageId'] === pageId)
    .map(({ pk: _pk, sk: _sk, ...entry }) => entry);
  const address = `${sources.siteUrl.replace(/\/$/, '')}${publicPath(state.slug)}`;
  const label = jobCodeLabel(state.publication);

  const files: Record<string, Uint8Array> = {
    'content.json': json({ title: state.title, slug: state.slug, content: state.content }),
    'changes.html': strToU8(
      changesHtml({
        label,
        title: state.title,
        before: previous && {
          label: jobCodeLabel(previous.publication!),
          title: previous.title,
          slug: previous.slug,
          content: previous.content,
        },
        after: state,
      }),
    ),
    'signatures.json': json(signaturesOf(state.publication)),
    'claims.json': json(claimsOf(state.content, claims, now)),
    'audit.jsonl': strToU8(entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n'),
    ...(print ? { [PRINT_FILE]: new Uint8Array(print.pdf) } : {}),
  };
  const manifest = manifestSchema.parse({
    format: PACKAGE_FORMAT,
    jobCode: label,
    generatedAt: now.toISOString(),
    page: { id: page.id, title: state.title, slug: state.slug, address },
    version: versionId,
    live: page.isActive && page.publication?.jobCode === code,
    publication: state.publication,
    print: print
      ? { status: 'printed', printedAt: print.printedAt }
      : {
          status: 'missing',
          reason:
            'This version was not printed: no Chromium printed it when it was published (the server had none, or the page was replaced before its print), so the package holds its content without the print.',
        },
    audit: { ...(from ? { from } : {}), to: until, entries: entries.length },
    files: Object.entries(files).map(([name, bytes]) => ({
      name,
      bytes: bytes.length,
      sha256: sha256(bytes),
    })),
  } satisfies Manifest);
  const mtime = now;
  const zip = zipSync(
    {
      'manifest.json': [json(manifest), { mtime }],
      ...Object.fromEntries(
        Object.entries(files).map(([name, bytes]) => [name, [bytes, { mtime }] as const]),
      ),
    },
    { level: 6 },
  );
  return {
    fileName: `${state.publication.jobCode}-v${state.publication.version}-inspection.zip`,
    zip,
    manifest,
  };
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** The state a package is of, and until when it was live (now, for the live one). */
function chosenState(
  page: LandingPage,
  history: PageVersion[],
  versionId: string,
  now: Date,
): { state: LiveState; until: string } {
  if (versionId === 'live') {
    if (!page.isActive || !page.publication) {
      throw new ConflictError(
        'The page is not live, so it has no live version: choose a version from its history.',
      );
    }
    return {
      state: { ...page, publication: page.publication },
      until: now.toISOString(),
    };
  }
  const version = history.find((entry) => entry.versionId === versionId);
  if (!version) throw new NotFoundError('Version not found');
  const publication = version.publication;
  if (!publication) {
    throw new ConflictError(
      'This version was never what visitors saw, so it has no inspection package: choose a version with a job code.',
    );
  }
  // Live until the newest version item that still carries its job code was written (the
  // write that replaced it or took it down), or still live now.
  const stillLive = page.isActive && page.publication?.jobCode === publication.jobCode;
  const lastWithCode = history.find((entry) => entry.publication?.jobCode === publication.jobCode);
  return {
    state: { ...version, publication },
    until: stillLive ? now.toISOString() : (lastWithCode ?? version).createdAt,
  };
}

/** signatures.json: each signature as 21 CFR 11.50 asks, with the checklist confirmed. */
function signaturesOf(publication: Publication) {
  return {
    jobCode: jobCodeLabel(publication),
    publishedAt: publication.publishedAt,
    publishedBy: publication.publishedBy,
    signatures: publication.approvals.map((approval) => ({
      printedName: approval.signerName,
      account: approval.signerEmail,
      signedAt: approval.signedAt,
      signedAtText: utcSecond(approval.signedAt),
      meaning: approval.meaning,
      meaningText: MEANING_LABELS[approval.meaning],
      checklist: (approval.checklist ?? []).map((entry) => entry.item),
    })),
  };
}

/** claims.json: the claims the version makes, each with its references as they stand now. */
function claimsOf(content: LandingContent, partition: ClaimsPartition, now: Date) {
  const keys = [...new Set(claimKeysOf(content))];
  const evidence = new Map(partition.evidence.map((entry) => [entry.id, entry]));
  return {
    readAt: now.toISOString(),
    note: 'Each claim and its evidence as the claims library holds them when the package was made; the claim text the version showed is in content.json.',
    claims: keys.map((key) => {
      const claim = partition.claims.find((entry) => entry.key === key);
      if (!claim) return { key, missing: 'No claim with this key is in the library.' };
      return {
        key,
        text: claim.text,
        category: claim.category,
        status: claim.status,
        ...(claim.expiresAt ? { expiresAt: claim.expiresAt } : {}),
        ...(claim.approval
          ? {
              approval: {
                printedName: claim.approval.signerName,
                account: claim.approval.signerEmail,
                signedAt: claim.approval.signedAt,
                meaning: claim.approval.meaning,
                hash: claim.approval.hash,
              },
            }
          : {}),
        references: claim.references.map((reference) => {
          const source = evidence.get(reference.evidenceId);
          return {
            evidenceId: reference.evidenceId,
            locator: reference.locator,
            ...(source
              ? {
                  evidence: {
                    title: source.title,
                    source: source.source,
                    date: source.date,
                    kind: source.kind,
                    status: source.status,
                    ...(source.url ? { url: source.url } : {}),
                    ...(source.assetId ? { assetId: source.assetId } : {}),
                    ...(source.expiresAt ? { expiresAt: source.expiresAt } : {}),
                  },
                }
              : { evidence: null }),
          };
        }),
      };
    }),
  };
}
