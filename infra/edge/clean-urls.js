import cf from 'cloudfront';
import crypto from 'crypto';
// The store's handle (first lines, as CloudFront asks). The tests and the local server run
// this file with their own `cf` and `crypto` (infra/edge/edge-script.ts).
var kvs = cf.kvs();

// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour;
// the local server runs its rules too (functions/server/static-site.ts). In order:
// redirects (issue 23): a path stored in the KeyValueStore (written by the rebuild from
// dist/.redirects.json) answers 301/302; A/B experiments (issue 24): a GET of a page under
// a running experiment ("/" or "/<slug>", from dist/.experiments.json) is rewritten to the
// visitor's variant; then Astro's directory-style output under clean URLs:
//   /           -> /index.html
//   /pricing    -> /pricing/index.html
//   /pricing/   -> 301 /pricing (one canonical URL per page; the query string is kept)
//   /logo.svg   -> unchanged (anything whose last segment has an extension)
//   /legacy, /legacy/<anything> -> /legacy/index.html (client-rendered shells; mirrors
//   /admin,  /admin/<anything>  -> /admin/index.html   SPA_FALLBACKS in static-site.ts)
// except that /404 and /404.html go to /_not-found, a path no build writes (the origin-response
// function answers 404 with the 404 page), and /legacy/<slug> of no live page (below) to
// /_not-found/legacy (404 with the /legacy shell, which says "Landing page not found").
var SPA_SHELLS = ['/legacy', '/admin'];

// /legacy/<slug>: the slug, '' if it cannot be one, else undefined. The API keeps "live:<slug>"
// for each live page, at once (functions/publishing/live-slugs.ts), so a new page is found.
function legacySlug(uri) {
  if (uri.indexOf('/legacy/') !== 0) return undefined;
  var slug = uri.slice(8);
  return /^[a-z0-9-]{1,80}$/.test(slug) ? slug : '';
}

// An administrator may preview a draft there (the API decides), so a session gets the shell.
function hasSession(cookies) {
  return Boolean(cookies && (cookies['__Host-pb_session'] || cookies['pb_session']));
}

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

// The store's key of a page an experiment can run on, or '': a GET of "/" or of "/<slug>"
// exactly as written (lowercase, no trailing slash, never /legacy/..., which keeps the
// control). Other URLs of the page serve it as they always did.
function experimentKey(uri, method) {
  return method === 'GET' && uri.length <= 200 && /^\/[a-z0-9-]*$/.test(uri) ? uri : '';
}

// A stored experiment, "x <experimentId> /variants/<slug> a:50 b:50", read into
// { id, prefix, ids, ends } (ends: the variants' cumulative weights), or null for any other
// value: the page is then served as it is. The local server reads each value once.
var EXPERIMENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
var VARIANT_PREFIX = /^\/variants\/[a-z0-9-]{1,100}$/;
var VARIANT_SHARE = /^([a-d]):([1-9][0-9]{0,2})$/;
function experimentOf(value) {
  var parts = String(value).split(' ');
  if (parts.length < 4 || parts[0] !== 'x' || !EXPERIMENT_ID.test(parts[1])) return null;
  if (!VARIANT_PREFIX.test(parts[2])) return null;
  var experiment = { id: parts[1], prefix: parts[2], ids: [], ends: [] };
  var total = 0;
  for (var i = 3; i < parts.length; i++) {
    var share = VARIANT_SHARE.exec(parts[i]);
    if (!share || experiment.ids.indexOf(share[1]) !== -1) return null;
    total += Number(share[2]);
    experiment.ids.push(share[1]);
    experiment.ends.push(total);
  }
  return experiment;
}

// The visitor's variant file, or '' without a secret. The visitor's bucket in [0, 1) is the
// first 32 bits of HMAC-SHA256(secret, experimentId + "\n" + ip + "\n" + userAgent), the key
// being the secret's text: the same visitor gets the same variant on every visit, and nobody
// without the secret can pick one. Weights are shares of their sum; the last variant takes
// whatever the others leave.
function variantFor(experiment, secret, ip, userAgent) {
  if (!experiment || !secret) return '';
  var digest = crypto
    .createHmac('sha256', String(secret))
    .update(experiment.id + '\n' + ip + '\n' + userAgent)
    .digest('hex');
  var ends = experiment.ends;
  var point = (parseInt(digest.slice(0, 8), 16) / 4294967296) * ends[ends.length - 1];
  var j = 0;
  while (j < ends.length - 1 && point >= ends[j]) j++;
  return experiment.prefix + '/' + experiment.ids[j] + '/index.html';
}

// Both in one: what the handler does for a page under an experiment.
function experimentVariant(value, secret, ip, userAgent) {
  return variantFor(experimentOf(value), secret, ip, userAgent);
}

// A key's value, or undefined: a missing key throws in CloudFront.
async function stored(key) {
  try {
    return await kvs.get(key);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (e) {
    return undefined;
  }
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
  // One lookup serves both: a redirect's path, or "/" and a page an experiment may run on.
  var key = redirectKey(uri);
  var pageKey = experimentKey(uri, request.method);
  var value = key || pageKey ? await stored(key || pageKey) : undefined;
  var redirect =
    key && value !== undefined ? redirectResponse(value, request.rawQueryString()) : undefined;
  if (redirect) return redirect;
  if (pageKey && value !== undefined && String(value).indexOf('x ') === 0) {
    // Only pages under an experiment read the secret ("x:secret"). The query string is kept.
    // CloudFront looks in its cache after this function, under the rewritten URI: each
    // variant is cached as its own object, and no visitor gets another's.
    var secret = await stored('x:secret');
    var agent = request.headers && request.headers['user-agent'];
    var ip = event.viewer && event.viewer.ip ? event.viewer.ip : '';
    var variantUri = experimentVariant(value, secret, ip, agent ? agent.value : '');
    if (variantUri) {
      request.uri = variantUri;
      return request;
    }
  }
  var lastSegment = uri.slice(uri.lastIndexOf('/') + 1);
  var trailingSlash = uri.length > 1 && uri.charAt(uri.length - 1) === '/';
  var slug = trailingSlash ? undefined : legacySlug(uri);
  if (uri === '/404' || uri === '/404.html') {
    request.uri = '/_not-found';
    return request;
  }
  if (
    slug !== undefined &&
    (slug === '' || (!hasSession(request.cookies) && !(await stored('live:' + slug))))
  ) {
    request.uri = '/_not-found/legacy';
    return request;
  }

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
