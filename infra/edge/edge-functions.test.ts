// Runs the CloudFront Functions' source as CloudFront does: a script defining `handler`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface ViewerRequest {
  uri: string;
  rawQueryString(): string | undefined;
}

const load = (file: string): ((event: { request: ViewerRequest }) => unknown) => {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  return new Function(`${source}\nreturn handler;`)();
};

const request = (uri: string, query?: string): ViewerRequest => ({
  uri,
  rawQueryString: () => query,
});

describe('clean-urls (site default behaviour)', () => {
  const handler = load('clean-urls.js');
  const uriAfter = (uri: string) => {
    const result = handler({ request: request(uri) });
    expect(result).toHaveProperty('uri');
    return (result as ViewerRequest).uri;
  };
  const redirect = (uri: string, query?: string) =>
    handler({ request: request(uri, query) }) as {
      statusCode: number;
      headers: { location: { value: string } };
    };

  it('serves index.html for the root', () => {
    expect(uriAfter('/')).toBe('/index.html');
  });

  it('maps extensionless paths to their index.html', () => {
    expect(uriAfter('/pricing')).toBe('/pricing/index.html');
    expect(uriAfter('/deep-dives/traceability')).toBe('/deep-dives/traceability/index.html');
  });

  it('passes files with an extension through unchanged', () => {
    expect(uriAfter('/404.html')).toBe('/404.html');
    expect(uriAfter('/favicon.svg')).toBe('/favicon.svg');
    expect(uriAfter('/v1.2/notes.txt')).toBe('/v1.2/notes.txt');
  });

  it('only looks at the last segment for an extension', () => {
    expect(uriAfter('/v1.2/notes')).toBe('/v1.2/notes/index.html');
  });

  it('redirects a trailing slash permanently, keeping the query string', () => {
    expect(redirect('/pricing/')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/pricing' } },
    });
    expect(redirect('/pricing/', 'plan=team&x=1').headers.location.value).toBe(
      '/pricing?plan=team&x=1',
    );
    expect(redirect('/faq/security//').headers.location.value).toBe('/faq/security');
  });

  it('never redirects to another host', () => {
    expect(redirect('//evil.example/').headers.location.value).toBe('/evil.example');
    expect(redirect('///evil.example//').headers.location.value).toBe('/evil.example');
  });
});

describe('uploads-path (/objects/uploads/* behaviour)', () => {
  const handler = load('uploads-path.js');

  it('maps the viewer path to the uploads/ key prefix', () => {
    expect(handler({ request: request('/objects/uploads/01J9Z8X7W6V5') })).toMatchObject({
      uri: '/uploads/01J9Z8X7W6V5',
    });
  });
});
