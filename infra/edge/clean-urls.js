// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour.
// Serves Astro's directory-style output under clean URLs, the same rules as the local server:
//   /           -> /index.html
//   /pricing    -> /pricing/index.html
//   /pricing/   -> 301 /pricing (one canonical URL per page; the query string is kept)
//   /logo.svg   -> unchanged (anything whose last segment has an extension)
//   /legacy, /legacy/<anything> -> /legacy/index.html (client-rendered shells; mirrors
//   /admin,  /admin/<anything>  -> /admin/index.html   SPA_FALLBACKS in static-site.ts)
var SPA_SHELLS = ['/legacy', '/admin'];

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
    // Collapse leading slashes too: a Location of "//evil.example" would be an open redirect.
    var target = '/' + uri.replace(/^\/+/, '').replace(/\/+$/, '');
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
