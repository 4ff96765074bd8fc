// The form block's markup (issue 35, docs/decisions/0400-form-block.md) as the build prerenders
// it (with the definition it read) and as the browser and previews render it (without): the
// block's heading names the form, the public forms' renderer draws every field with its label,
// the consent with its text and the hidden fields, the submit button waits for the page's script,
// and the definition written beside it cannot close its script element. The hero's and the final
// call to action's buttons carry the form they open (docs/decisions/0401-buttons-open-a-chosen-form.md).
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { layoutSchema, type BlockInput } from '../../../../../functions/shared/blocks.ts';
import type { PublicForm } from '../../../../../functions/shared/forms/public-form.ts';
import { landingTemplate } from '../../../../../functions/shared/template.ts';
import { LandingMarkup } from '../../landing-page.tsx';
import type { FormMap } from '../render-context.ts';

const WEBINAR: PublicForm = {
  id: 'webinar-2027',
  title: 'Webinar registration 2027',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Work e-mail', type: 'email', required: true },
    {
      name: 'role',
      label: 'Role',
      type: 'select',
      required: false,
      options: [
        { value: 'qa', label: 'Quality' },
        { value: 'it', label: 'IT' },
      ],
    },
    {
      name: 'campaign',
      label: 'Campaign',
      type: 'hidden',
      required: false,
      fill: { from: 'url', param: 'utm_campaign' },
    },
  ],
  consent: {
    required: true,
    text: 'I agree </script><script>alert(1)</script> to be contacted.',
    privacyUrl: '/privacy',
    version: '0123456789abcdef',
  },
  submitLabel: 'Save my seat',
  successMessage: 'You are registered: see you on the day.',
};

const base = landingTemplate();

function render(blocks: BlockInput[], options: { forms?: FormMap; preview?: boolean } = {}) {
  const layout = layoutSchema.parse(blocks);
  return renderToStaticMarkup(h(LandingMarkup, { content: { ...base, layout }, ...options }));
}

const block: BlockInput = {
  id: 'register',
  type: 'form',
  formId: 'webinar-2027',
  headline: 'Save your seat',
};

/** The opening tag of the first element matching `pattern` (a regular expression's source). */
const tag = (html: string, pattern: string) =>
  new RegExp(`<${pattern}[^>]*>`).exec(html)?.[0] ?? '';
const attr = (element: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];

describe('the form block', () => {
  it('is prerendered with the build’s definition: heading, fields, consent, hidden fields, a waiting button', () => {
    const html = render([block], { forms: { 'webinar-2027': WEBINAR } });
    const heading = tag(html, 'h2');
    const headingId = attr(heading, 'id')!;
    expect(html).toContain(`${heading}Save your seat</h2>`);
    const form = tag(html, 'form');
    // The block's heading names the form; noValidate leaves every check to the form's own.
    expect(attr(form, 'aria-labelledby')).toBe(headingId);
    expect(form).toMatch(/\snovalidate=""/i);
    expect(attr(form, 'data-form-id')).toBe('webinar-2027');
    const labels = [...html.matchAll(/<label[^>]*>(.*?)<\/label>/gs)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, '').trim(),
    );
    expect(labels).toEqual([
      'Full name *',
      'Work e-mail *',
      'Role',
      expect.stringContaining(
        'I agree &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; to be contacted. *',
      ),
      // The honeypot's, out of sight.
      'Website',
    ]);
    // Every label's control exists, its id starting with the block's (the same live: focus kept).
    for (const [, id] of html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)) {
      expect(id).toMatch(/^form-register/);
      expect(html).toContain(`id="${id}"`);
    }
    expect(tag(html, 'input[^>]*name="campaign"')).toContain('type="hidden"');
    expect(tag(html, 'input[^>]*name="website"')).not.toBe('');
    const submit = tag(html, 'button[^>]*type="submit"');
    expect(submit).toContain('disabled=""');
    expect(html).toMatch(/type="submit"[^>]*>Save my seat<\/button>/);
    // What the page's script finds, and the definition beside it, which cannot close its script.
    const host = tag(html, 'div[^>]*data-form-block="register"');
    expect(attr(host, 'data-form-id')).toBe('webinar-2027');
    expect(attr(host, 'data-form-labelled-by')).toBe(headingId);
    const script =
      /<script type="application\/json" data-form-definition="register">(.*?)<\/script>/.exec(
        html,
      )![1]!;
    expect(script).not.toContain('<');
    expect(JSON.parse(script)).toEqual(WEBINAR);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('without a headline is named by the form’s title; rendered in the browser it asks for its form', () => {
    const bare: BlockInput = { id: 'register', type: 'form', formId: 'webinar-2027' };
    const prerendered = render([bare], { forms: { 'webinar-2027': WEBINAR } });
    expect(prerendered).not.toContain('<h2');
    expect(attr(tag(prerendered, 'form'), 'aria-label')).toBe('Webinar registration 2027');
    // /legacy and previews: no build definitions, no data attributes, the form arrives by GET.
    const html = render([bare]);
    expect(html).toContain('Loading the form…');
    expect(html).not.toContain('data-form-block');
    expect(html).not.toContain('data-form-definition');
  });

  it('renders a form the build lacks as waiting for it; a preview says it is not sent', () => {
    const missing = render([block], { forms: {} });
    expect(missing).toContain('data-form-block="register"');
    expect(missing).not.toContain('data-form-definition');
    expect(missing).toContain('Loading the form…');
    const preview = render([block], { forms: { 'webinar-2027': WEBINAR }, preview: true });
    expect(preview).toContain('A preview: this form is not sent from here.');
    expect(render([block], { forms: { 'webinar-2027': WEBINAR } })).not.toContain('A preview');
  });

  it('marks the hero’s primary and the final call to action’s buttons with a chosen form only', () => {
    const html = render([
      { id: 'hero', type: 'hero', ...base.hero, formId: 'webinar-2027' },
      { id: 'cta', type: 'finalCTA', ...base.finalCTA, formId: 'pricing-request' },
    ]);
    const formOf = (track: string) =>
      attr(tag(html, `button[^>]*data-track="${track}"`), 'data-form-id');
    expect(formOf('hero_primary_cta')).toBe('webinar-2027');
    expect(formOf('final_cta_primary')).toBe('pricing-request');
    expect(formOf('final_cta_secondary')).toBe('pricing-request');
    const plain = render([
      { id: 'hero', type: 'hero', ...base.hero },
      { id: 'cta', type: 'finalCTA', ...base.finalCTA },
    ]);
    expect(plain).not.toMatch(/<button[^>]*data-form-id/);
  });
});
