import cf from 'cloudfront';
// The store's handle (first lines, as CloudFront asks). The tests and the local server run
// this file with their own `cf` (infra/edge/edge-script.ts).
var kvs = cf.kvs();

// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour.
// First the redirects (issue 23): a path in the KeyValueStore associated with this function
// answers 301/302 with its Location (the rebuild writes the store from the build's
// dist/.redirects.json; the local server reads that file and runs redirectKey and
// redirectResponse below, so both answer alike). Then Astro's directory-style output under
// clean URLs, the same rules as the local server:
//   /           -> /index.html
//   /pricing    -> /pricing/index.html
//   /pricing/   -> 301 /pricing (one canonical URL per page; the query string is kept)
//   /logo.svg   -> unchanged (anything whose last segment has an extension)
//   /legacy, /legacy/<anything> -> /legacy/index.html (client-rendered shells; mirrors
//   /admin,  /admin/<anything>  -> /admin/index.html   SPA_FALLBACKS in static-site.ts)
var SPA_SHELLS = ['/legacy', '/admin'];

// The store's key for a request path, or '' when no redirect can start there: a redirect's
// `from` is lowercase letters, digits and hyphens between slashes (functions/shared/
// redirects.ts), so assets and odd paths cost no lookup. One trailing slash is ignored, so
// /old/ redirects in one hop.
function redirectKey(uri) {
  var path = uri.toLowerCase();
  if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  return path.length <= 200 && /^(\/[a-z0-9-]+)+$/.test(path) ? path : '';
}

// The answer for a stored value ("301 /new-path" or "302 https://example.com/x") and the
// request's query string (kept), or undefined for a value that is not a safe redirect: only
// a path of this site (one leading slash, never "//" or a backslash) or an https:// address
// can become a Location, whatever the store holds.
function redirectResponse(value, query) {
  var status = String(value).slice(0, 3);
  var to = String(value).slice(4);
  if ((status !== '301' && status !== '302') || String(value).charAt(3) !== ' ') return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(to)) return undefined;
  var sitePath = to.charAt(0) === '/' && to.charAt(1) !== '/';
  if (!sitePath && !(to.indexOf('https://') === 0 && to.length > 8)) return undefined;
  var location = to;
  if (query) {
    var hash = to.indexOf('#');
    var base = hash === -1 ? to : to.slice(0, hash);
    location = base + (base.indexOf('?') === -1 ? '?' : '&') + query + to.slice(base.length);
  }
  return {
    statusCode: status === '301' ? 301 : 302,
    statusDescription: status === '301' ? 'Moved Permanently' : 'Found',
    headers: {
      location: { value: location },
      // A 301 may be kept a while (an administrator can delete it); a 302 is asked again.
      'cache-control': { value: status === '301' ? 'public, max-age=3600' : 'no-store' },
    },
  };
}

// The redirect target, always on this origin (the local server's sameOriginPath in
// functions/server/static-site.ts is the same rule): decode (%2F, %5C), turn backslashes
// into slashes (browsers do), collapse runs of slashes and re-encode each segment, so no
// form of "//evil.example" survives into a Location header.
function sameOriginPath(uri) {
  var decoded;
  try {
    decoded = decodeURIComponent(uri);
    // A catch binding is kept: CloudFront's JS runtime is not guaranteed to parse
    // optional catch bindings (ES2019).
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (e) {
    decoded = uri;
  }
  var parts = decoded.replace(/\\/g, '/').split('/');
  var kept = [];
  for (var i = 0; i < parts.length; i++) {
    if (parts[i] !== '') kept.push(encodeURIComponent(parts[i]));
  }
  return '/' + kept.join('/');
}

async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var key = redirectKey(uri);
  if (key) {
    var value;
    try {
      value = await kvs.get(key);
      // A missing key throws: the path is no redirect.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
    } catch (e) {
      value = undefined;
    }
    var redirect =
      value === undefined ? undefined : redirectResponse(value, request.rawQueryString());
    if (redirect) return redirect;
  }
  var lastSegment = uri.slice(uri.lastIndexOf('/') + 1);
  var trailingSlash = uri.length > 1 && uri.charAt(uri.length - 1) === '/';

  if (!trailingSlash) {
    for (var i = 0; i < SPA_SHELLS.length; i++) {
      var prefix = SPA_SHELLS[i];
      if (uri === prefix || uri.indexOf(prefix + '/') === 0) {
        request.uri = prefix + '/index.html';
        return request;
      }
    }
  }
  if (lastSegment.indexOf('.') !== -1) {
    return request;
  }
  if (uri === '/') {
    request.uri = '/index.html';
    return request;
  }
  if (trailingSlash) {
    var target = sameOriginPath(uri);
    var query = request.rawQueryString();
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: query ? target + '?' + query : target },
        'cache-control': { value: 'public, max-age=3600' },
      },
    };
  }
  request.uri = uri + '/index.html';
  return request;
}
