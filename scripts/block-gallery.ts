// The block gallery (issue 27, docs/decisions/0178-block-gallery.md): one published landing page
// with every block type of functions/shared/blocks.ts, built through the admin API the way the
// editor builds pages (images uploaded and published into the library, the gated file uploaded
// privately, the layout saved, the page published). The browser checks (e2e/block-gallery.spec.ts:
// axe, the CSP, valid HTML) and the Lighthouse bench (scripts/bench/lighthouse.ts) both publish it,
// so every block type is rendered in them; block-gallery.test.ts keeps the layout covering every
// type of the registry. It is also the one page whose build output the browser tests check for
// what the editing specs see on the run-time page instead (dynamic text's fallback, the form
// block with its form, the page's form, the gated block, library alt text and placeholders, the
// block order without a hidden block, the event's .ics file:
// docs/decisions/0548-browser-specs-check-edits-at-run-time.md).
import sharp from 'sharp';
import { BLOCK_TYPE_NAMES, type BlockInput } from '../functions/shared/blocks.ts';
import { landingTemplate } from '../functions/shared/template.ts';

export const GALLERY_SLUG = 'supplier-data-day';
export const GALLERY_TITLE = 'Supplier Data Day';
/** The page's contact form (content.formId): a built-in one other than the default. */
export const GALLERY_FORM = 'pricing-request';

/** The library images the gallery uses, by their object paths. */
export interface GalleryMedia {
  photo: string;
  chart: string;
  logo: string;
  poster: string;
}

/** The gallery's blocks: every type, each once, in an order a campaign page would use. */
export function galleryLayout(media: GalleryMedia, asset?: string): BlockInput[] {
  const template = landingTemplate();
  return [
    { id: 'nav', type: 'navigation', name: 'PharmaBridge' },
    {
      id: 'hero',
      type: 'hero',
      // Dynamic text: its fallback is prerendered in a marked span, and the <title> has it.
      headline: 'Supplier Data Day for {{param:utm_term|supplier teams}}:',
      highlight: 'contracts that check themselves',
      subheadline:
        'One afternoon with manufacturers and their suppliers on data contracts, validation at the source and tokenized delivery.',
      primaryCTA: 'Request Demo',
      secondaryCTA: 'See How It Works',
      features: ['Live product demo', 'Questions answered by our team'],
    },
    {
      id: 'numbers',
      type: 'stats',
      headline: 'What teams see after one quarter',
      style: { background: 'tint', spacing: 'compact', align: 'center' },
      items: [
        { value: '98%', label: 'of supplier files pass on first delivery' },
        { value: '3x', label: 'faster supplier onboarding' },
        { value: '0', label: 'patient identifiers leave the source' },
      ],
    },
    {
      id: 'agenda',
      type: 'event',
      label: 'Programme',
      // A comma: the .ics file escapes it.
      title: 'Supplier Data Day 2027: contracts, checked',
      startsAt: '2027-04-15T14:00',
      timeZone: 'Europe/Berlin',
      durationMinutes: 180,
      location: 'Online',
      description:
        'Manufacturers show how they publish data contract rules; suppliers show what validation at upload changes for them.',
      agenda: [
        { time: '14:00', title: 'Welcome and the state of supplier data' },
        {
          time: '14:30',
          title: 'Writing a data contract',
          description: 'Rules, required fields and thresholds.',
        },
        { time: '15:30', title: 'Validation and tokenization, live' },
        { time: '16:30', title: 'Questions and next steps' },
      ],
      speakers: [
        { name: 'Dr. Anna Weber', title: 'Head of Data Partnerships', photo: media.photo },
        { name: 'Marcus Lee', title: 'Supplier Success Lead' },
      ],
    },
    {
      id: 'demo-video',
      type: 'video',
      provider: 'youtube',
      videoId: 'M7lc1UVf-VE',
      title: 'A five-minute tour of a data contract',
      poster: media.poster,
    },
    {
      id: 'why',
      type: 'twoColumns',
      markdown:
        '## Why contracts, not spreadsheets\n\nA data contract says what a delivery must contain **before** it is sent:\n\n- required fields and formats\n- value ranges and thresholds\n- what is tokenized at the source\n\nRead [how it works](/how-it-works).',
      image: media.chart,
      alt: 'A delivery report with three checks passed and one field flagged',
      imageSide: 'end',
    },
    {
      id: 'intro',
      type: 'richText',
      style: { background: 'white', align: 'start' },
      markdown:
        '## Who should attend\n\nData, compliance and supplier-management teams at pharmaceutical manufacturers, and the suppliers who deliver to them.\n\n1. Bring one delivery you had to send back.\n2. Leave with the rules that would have caught it *before* upload.\n\nClaims (issue 36), with their reference numbers: {{claim:performance-accuracy}}; {{claim:results-manufacturers-1-value}} {{claim:results-manufacturers-1-label}}.',
    },
    // Hidden: left out of the built page.
    { id: 'hidden-note', type: 'richText', markdown: 'This block is hidden.', hidden: true },
    {
      id: 'report',
      type: 'imageCaption',
      image: media.chart,
      alt: 'Validation results of a supplier delivery by rule',
      caption: 'Every delivery is checked against its contract before it reaches you.',
    },
    {
      id: 'logos',
      type: 'logoStrip',
      headline: 'Teams that deliver through PharmaBridge',
      logos: [
        { image: media.logo, name: 'Northwind Labs' },
        { image: media.logo, name: 'Contoso Pharma', href: 'https://example.com' },
      ],
    },
    { id: 'how-it-works', type: 'howItWorks' },
    // The first feature's image takes its alt text from the library.
    {
      id: 'features',
      type: 'features',
      ...template.features,
      items: template.features.items.map((item, index) =>
        index === 0 ? { ...item, image: media.chart } : item,
      ),
    },
    { id: 'supplier-features', type: 'supplierFeatures', ...template.supplierFeatures! },
    { id: 'benefits', type: 'benefits', ...template.benefits },
    { id: 'voices', type: 'testimonials', ...template.testimonials },
    {
      id: 'questions',
      type: 'faq',
      headline: 'Questions about the day',
      style: { background: 'tint' },
      items: [
        {
          question: 'Is the session recorded?',
          answer: 'Yes: everyone who registers gets the recording.',
        },
        {
          question: 'Do suppliers need an account?',
          answer: 'No. Suppliers join as guests and see the supplier portal in the demo.',
        },
      ],
    },
    {
      id: 'checklist',
      type: 'gatedAsset',
      headline: 'The data contract checklist',
      description: 'Twelve questions to agree with each supplier before the first delivery.',
      ...(asset ? { asset } : {}),
      buttonLabel: 'Get the checklist',
    },
    // A built-in form, so the gallery needs no form of its own (issue 35).
    { id: 'register', type: 'form', formId: 'demo-request', headline: 'Talk to our team' },
    { id: 'pricing', type: 'pricing', ...template.pricing },
    { id: 'final-cta', type: 'finalCTA', ...template.finalCTA },
    // Where the References list of the claims above stands (else it ends the page).
    { id: 'sources', type: 'references', heading: 'Sources' },
    { id: 'footer', type: 'footer' },
  ] as BlockInput[];
}

/** The types the gallery leaves out (none): block-gallery.test.ts checks this. */
export const missingTypes = (layout: readonly BlockInput[]) =>
  BLOCK_TYPE_NAMES.filter((type) => !layout.some((block) => block.type === type));

/** A minimal, valid one-page PDF (what a gated file is). */
export function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A signed-in admin session against a running server, by fetch (cookies kept by hand). */
export class AdminClient {
  private cookie = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async signIn(admin: { email: string; password: string }): Promise<void> {
    const response = await this.send('POST', '/api/auth/login', admin);
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    this.cookie = cookies.join('; ');
  }

  async send(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await this.send(method, path, body)).json()) as T;
  }

  /** Uploads a PNG into the library as the Images tab does and gives it its alt text. */
  async publishImage(name: string, png: Buffer, alt: string): Promise<string> {
    const params = await this.json<{
      url: string;
      fields: Record<string, string>;
      objectPath: string;
    }>('GET', `/api/s3/params?${new URLSearchParams({ filename: name, type: 'image/png' })}`);
    const form = new FormData();
    for (const [key, value] of Object.entries(params.fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
    const sent = await fetch(params.url, { method: 'POST', body: form });
    if (!sent.ok) throw new Error(`upload of ${name}: ${sent.status} ${await sent.text()}`);
    const published = await this.json<{ id: string; objectPath: string }>(
      'POST',
      '/api/objects/acl',
      { objectPath: params.objectPath, visibility: 'public' },
    );
    await this.send('PATCH', `/api/admin/media/${published.id}`, { alt });
    return published.objectPath;
  }
}

/**
 * Uploads a PDF as a gated download's private file, as the editor's file picker does
 * (functions/routes/admin/assets.ts): a ticket, the bytes to its presigned PUT, then the
 * completion that checks them. Answers the file's `/assets/<id>` path.
 */
export async function uploadGatedPdf(client: AdminClient, pdf: Buffer): Promise<string> {
  const ticket = await client.json<{ id: string; uploadURL: string }>('POST', '/api/admin/assets', {
    fileName: 'data-contract-checklist.pdf',
    size: pdf.length,
  });
  const sent = await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(pdf) });
  if (!sent.ok) throw new Error(`upload of the PDF: ${sent.status} ${await sent.text()}`);
  const done = await client.json<{ path: string }>(
    'POST',
    `/api/admin/assets/${ticket.id}/complete`,
  );
  return done.path;
}

/** A flat PNG: small and quick (e2e/media-upload.ts's images too); the brand green by default. */
export const flatPng = (
  width: number,
  height: number,
  rgb: [number, number, number] = [35, 119, 69],
) =>
  sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();

/**
 * Publishes the gallery on a running server (a local server started with ADMIN_EMAIL and
 * ADMIN_PASSWORD) and answers its path once the rebuilt site serves it.
 */
export async function publishBlockGallery(
  base: string,
  admin: { email: string; password: string },
  uploadAsset?: (client: AdminClient, pdf: Buffer) => Promise<string>,
  slug: string = GALLERY_SLUG,
): Promise<string> {
  const client = new AdminClient(base);
  await client.signIn(admin);
  const media: GalleryMedia = {
    photo: await client.publishImage(
      'speaker.png',
      await flatPng(480, 480, [35, 119, 69]),
      'Portrait of Dr. Anna Weber',
    ),
    chart: await client.publishImage(
      'report.png',
      await flatPng(1200, 800, [226, 240, 232]),
      'Delivery report',
    ),
    logo: await client.publishImage(
      'logo.png',
      await flatPng(320, 120, [30, 41, 59]),
      'Partner logo',
    ),
    poster: await client.publishImage(
      'poster.png',
      await flatPng(1280, 720, [17, 24, 39]),
      'Video poster',
    ),
  };
  const asset = uploadAsset ? await uploadAsset(client, samplePdf()) : undefined;
  const created = await client.json<{ id: string; content: object; revision: number }>(
    'POST',
    '/api/landing-pages',
    { title: GALLERY_TITLE, slug, isActive: true, startFrom: 'template' },
  );
  await client.send('PUT', `/api/landing-pages/${created.id}`, {
    content: { ...created.content, formId: GALLERY_FORM, layout: galleryLayout(media, asset) },
    revision: created.revision,
  });
  const path = `/${slug}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await fetch(`${base}${path}`);
    if (page.ok && (await page.text()).includes('Supplier Data Day 2027')) return path;
    if (Date.now() > deadline) throw new Error(`${path} was not rebuilt within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
