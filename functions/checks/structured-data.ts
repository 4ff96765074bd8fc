// Structured data (issue 38): every JSON-LD block the page carries, held to Google's
// rich-result rules for its type. Event: `name`, `startDate`, and `location` as a `Place`
// with a `PostalAddress` or a `VirtualLocation` with a `url`. FAQPage: questions, each with
// an accepted answer. Organization: `name` and `url`. A block that is not JSON is an error.
import { attr, scriptText } from './document.ts';
import { inBlock, type Finding, type RuleInput } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const typeOf = (value: Json) => (Array.isArray(value['@type']) ? value['@type'] : [value['@type']]);
const isHttps = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The problems of one Event's `location`, as sentences (none: valid). */
function locationProblems(location: unknown): string[] {
  const locations = Array.isArray(location) ? location : [location];
  if (location === undefined || locations.length === 0) {
    return [
      'has no location: give the event a venue (name, street, city, postal code, country) or an online event URL',
    ];
  }
  return locations.flatMap((one): string[] => {
    if (!isObject(one)) return ['has a location that is not a Place or a VirtualLocation'];
    const types = typeOf(one);
    if (types.includes('VirtualLocation')) {
      return isHttps(one['url'])
        ? []
        : ['is online without the https URL where people join or register'];
    }
    if (types.includes('Place')) {
      const address = one['address'];
      if (!isObject(address) || !typeOf(address).includes('PostalAddress')) {
        return ['has a venue without a postal address (street, city, postal code, country)'];
      }
      const missing = (['addressLocality', 'addressCountry'] as const).filter(
        (field) => !filled(address[field]),
      );
      return missing.length
        ? [
            `has a venue address without ${missing.map((field) => (field === 'addressLocality' ? 'a city' : 'a country')).join(' and ')}`,
          ]
        : [];
    }
    return ['has a location that is not a Place or a VirtualLocation'];
  });
}

/** The problems of one JSON-LD node by its type (none: valid or a type not checked). */
export function structuredDataProblems(node: Json): string[] {
  const types = typeOf(node);
  if (types.includes('Event')) {
    return [
      ...(filled(node['name']) ? [] : ['has no name']),
      ...(filled(node['startDate']) ? [] : ['has no start date']),
      ...locationProblems(node['location']),
    ];
  }
  if (types.includes('FAQPage')) {
    const questions = Array.isArray(node['mainEntity']) ? node['mainEntity'] : [];
    if (questions.length === 0) return ['has no questions'];
    return questions.flatMap((question, index) =>
      isObject(question) &&
      filled(question['name']) &&
      isObject(question['acceptedAnswer']) &&
      filled(question['acceptedAnswer']['text'])
        ? []
        : [`question ${index + 1} has no text or no answer`],
    );
  }
  if (types.includes('Organization')) {
    return [
      ...(filled(node['name']) ? [] : ['has no name']),
      ...(isHttps(node['url']) ? [] : ['has no https url']),
    ];
  }
  return [];
}

export function checkStructuredData(input: RuleInput): Finding[] {
  const findings: Finding[] = [];
  input.elements.forEach(({ element, blockId }, index) => {
    if (element.tagName !== 'script' || attr(element, 'type') !== 'application/ld+json') return;
    let data: unknown;
    try {
      data = JSON.parse(scriptText(element));
    } catch {
      findings.push({
        id: `structured-data.json:${index}`,
        category: 'structured-data',
        level: 'error',
        message: 'A structured data block is not valid JSON: search engines ignore it.',
        ...inBlock(input, blockId),
      });
      return;
    }
    const nodes = (Array.isArray(data) ? data : [data]).filter(isObject);
    for (const node of nodes) {
      const type = typeOf(node).filter(Boolean).join('/') || 'thing';
      const event = typeOf(node).includes('Event');
      structuredDataProblems(node).forEach((problem, at) =>
        findings.push({
          id: `structured-data.${type}:${index}:${at}`,
          category: 'structured-data',
          level: 'error',
          message: `The ${type} structured data${filled(node['name']) ? ` of “${String(node['name'])}”` : ''} ${problem}: Google shows no rich result for it.`,
          ...inBlock(
            input,
            blockId,
            event && /location|online|venue/.test(problem) ? 'location' : undefined,
          ),
        }),
      );
    }
  });
  return findings;
}
