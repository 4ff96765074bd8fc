// Accessibility, structurally, on the server (issue 38): one h1, no skipped heading level,
// images with meaningful alt text, labelled form fields, a page language. The editor also runs
// axe-core over its preview in the browser; these are the rules that need no browser.
import { accessibleText, attr, textOf, type Element } from './document.ts';
import { inBlock, type Finding, type RuleInput } from './types.ts';

const HEADING = /^h([1-6])$/;
/** An alt text that is a file name ("IMG_0042.jpg", "hero-banner.png") says nothing. */
const FILE_NAME = /^[\w.-]+\.(?:avif|gif|jpe?g|png|svg|webp|heic|tiff?)$/i;
const UNLABELLED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

/** Whether a form field has a name: a label for it or around it, or an aria label. */
function labelled(
  field: Element,
  labels: ReadonlySet<string>,
  ancestors: readonly Element[],
  input: RuleInput,
): boolean {
  const id = attr(field, 'id');
  if (id && labels.has(id)) return true;
  if (ancestors.some((ancestor) => ancestor.tagName === 'label')) return true;
  return accessibleText({ ...field, childNodes: [] }, input.byId) !== '' || !!attr(field, 'title');
}

export function checkAccessibility(input: RuleInput, lang: string): Finding[] {
  const findings: Finding[] = [];
  try {
    if (Intl.getCanonicalLocales(lang).length !== 1) throw new RangeError(lang);
  } catch {
    findings.push({
      id: 'accessibility.lang',
      category: 'accessibility',
      level: 'error',
      message: `The page's language “${lang}” is not a language tag: screen readers would read it in the wrong voice.`,
    });
  }
  const headings = input.elements.filter(({ element }) => HEADING.test(element.tagName));
  const h1s = headings.filter(({ element }) => element.tagName === 'h1');
  if (h1s.length === 0) {
    findings.push({
      id: 'accessibility.h1-missing',
      category: 'accessibility',
      level: 'error',
      message:
        'The page has no main heading (h1): add a hero block, whose headline is the page’s h1.',
    });
  } else if (h1s.length > 1) {
    h1s.slice(1).forEach(({ element, blockId }, index) =>
      findings.push({
        id: `accessibility.h1-extra:${index}`,
        category: 'accessibility',
        level: 'error',
        message: `The heading “${textOf(element)}” is a second main heading (h1): a page has one.`,
        ...inBlock(input, blockId),
      }),
    );
  }
  let previous = 0;
  headings.forEach(({ element, blockId }, index) => {
    const level = Number(HEADING.exec(element.tagName)![1]);
    if (previous > 0 && level > previous + 1) {
      findings.push({
        id: `accessibility.heading-skip:${index}`,
        category: 'accessibility',
        level: 'warning',
        message: `The heading “${textOf(element)}” (h${level}) follows an h${previous}: a heading level is skipped.`,
        ...inBlock(input, blockId),
      });
    }
    previous = level;
  });
  input.elements.forEach(({ element, blockId }, index) => {
    if (element.tagName !== 'img') return;
    const alt = attr(element, 'alt');
    const src = attr(element, 'src') ?? '';
    const file = src.split(/[?#]/)[0]!.split('/').pop() ?? src;
    if (alt === undefined) {
      findings.push({
        id: `accessibility.alt-missing:${index}`,
        category: 'accessibility',
        level: 'error',
        message: `The image ${file} has no alt text: describe it in the image library, or mark it decorative.`,
        ...inBlock(input, blockId),
      });
    } else if (FILE_NAME.test(alt.trim())) {
      findings.push({
        id: `accessibility.alt-file-name:${index}`,
        category: 'accessibility',
        level: 'error',
        message: `The image ${file} has a file name as its alt text (“${alt.trim()}”): describe what it shows.`,
        ...inBlock(input, blockId),
      });
    }
  });
  // Form fields: the ids labels point at, and each field's ancestors.
  const labels = new Set(
    input.elements
      .filter(({ element }) => element.tagName === 'label')
      .map(({ element }) => attr(element, 'for'))
      .filter((id): id is string => !!id),
  );
  const stack: Element[] = [];
  input.elements.forEach(({ element, blockId }, index) => {
    while (stack.length && !contains(stack[stack.length - 1]!, element)) stack.pop();
    const field =
      (element.tagName === 'input' && !UNLABELLED_TYPES.has(attr(element, 'type') ?? 'text')) ||
      element.tagName === 'select' ||
      element.tagName === 'textarea';
    if (field && !labelled(element, labels, stack, input)) {
      findings.push({
        id: `accessibility.field-label:${index}`,
        category: 'accessibility',
        level: 'error',
        message: `A form field (${attr(element, 'name') ?? element.tagName}) has no label: people using screen readers cannot tell what to enter.`,
        ...inBlock(input, blockId),
      });
    }
    stack.push(element);
  });
  return findings;
}

/** Whether `ancestor` contains `node` (parse5 nodes know their parent). */
function contains(ancestor: Element, node: Element): boolean {
  for (let at = node.parentNode; at; at = 'parentNode' in at ? at.parentNode : null) {
    if (at === ancestor) return true;
  }
  return false;
}
