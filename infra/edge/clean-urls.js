// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour.
// Serves Astro's directory-style output under clean URLs, the same rules as the local server:
//   /           -> /index.html
//   /pricing    -> /pricing/index.html
//   /pricing/   -> 301 /pricing (one canonical URL per page; the query string is kept)
//   /logo.svg   -> unchanged (anything whose last segment has an extension)
//   /legacy, /legacy/<anything> -> /legacy/index.html (client-rendered shells; mirrors
//   /admin,  /admin/<anything>  -> /admin/index.html   SPA_FALLBACKS in static-site.ts)
var SPA_SHELLS = ['/legacy', '/admin'];

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

function handler(event) {
  var request = event.request;
  var uri = request.uri;
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
