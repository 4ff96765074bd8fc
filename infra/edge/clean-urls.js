import cf from 'cloudfront';
import crypto from 'crypto';
// First lines, as CloudFront asks; tests and the local server inject `cf` and `crypto`
// (edge-script.ts).
var kvs = cf.kvs();

// Viewer request (static-site.ts runs it locally): redirects (issue 23); experiments
// (docs/decisions/0320, 0576): a page's GET gets the visitor's variant, /variants/ the same
// or 404; clean URLs (/a -> /a/index.html, /a/ -> 301 /a, shells for /legacy/*, /admin/*);
// /404 and a /legacy/<slug> of no live page to paths no build writes, answered 404 by the
// origin-response function (docs/decisions/0353).
var SPA_SHELLS = ['/legacy', '/admin'];

// /legacy/<slug>: the slug, '' if it cannot be one, else undefined. The API keeps
// "live:<slug>" per live page at once (functions/publishing/live-slugs.ts).
function legacySlug(uri) {
  if (uri.indexOf('/legacy/') !== 0) return undefined;
  var slug = uri.slice(8);
  return /^[a-z0-9-]{1,80}$/.test(slug) ? slug : '';
}

// An admin may preview a draft there (the API decides).
function hasSession(cookies) {
  return Boolean(cookies && (cookies['__Host-pb_session'] || cookies['pb_session']));
}

// The store's key of a path a redirect can start at (one trailing slash ignored), else ''.
function redirectKey(uri) {
  var path = uri.toLowerCase();
  if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  return path.length <= 200 && /^(\/[a-z0-9-]+)+$/.test(path) ? path : '';
}

// "301 /path" or "302 https://x.example/y" as an answer keeping the query, or undefined:
// only a path of this site or an https:// address becomes a Location.
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
  var permanent = status === '301';
  return {
    statusCode: permanent ? 301 : 302,
    statusDescription: permanent ? 'Moved Permanently' : 'Found',
    headers: {
      location: { value: location },
      'cache-control': { value: permanent ? 'public, max-age=3600' : 'no-store' },
    },
  };
}

// A GET of /, /<slug>, /<locale prefix>(/<slug>) as written: its store key, else ''.
function experimentKey(uri, method) {
  var page = /^\/$|^(\/[a-z]{2,3}(-[a-z]{2})?)?\/[a-z0-9-]+$/;
  return method === 'GET' && uri.length <= 200 && page.test(uri) ? uri : '';
}

function decoded(uri) {
  try {
    return decodeURIComponent(uri);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (e) {
    return uri;
  }
}

// A /variants/ path however spelt (escapes, case, ".", ".."): { key, prefix } of its page
// (slug "default" -> "/", "de.x" -> "/de/x", "de.default" -> "/de"), else null.
function variantPage(uri) {
  var parts = [];
  decoded(uri)
    .toLowerCase()
    .split(/[\\/]/)
    .forEach(function (part) {
      if (part === '..') parts.pop();
      else if (part && part !== '.') parts.push(part);
    });
  if (parts[0] !== 'variants') return null;
  var slug = parts[1] || '';
  var m = /^(?:([a-z0-9-]+)\.)?([a-z0-9-]{1,100})$/.exec(slug);
  if (!m) return { key: '', prefix: '' };
  var key = (m[1] ? '/' + m[1] : '') + (m[2] === 'default' ? '' : '/' + m[2]);
  return { key: key || '/', prefix: '/variants/' + slug };
}

// "x <id> /variants/<slug> a:50 b:50" as { id, prefix, ids, ends }, or null.
var EXPERIMENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
var VARIANT_PREFIX = /^\/variants\/([a-z0-9-]+\.)?[a-z0-9-]{1,100}$/;
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

// The visitor key's parts (functions/lib/experiment-visitor.ts is the API's copy): IPv4 as
// it is, IPv6 as its /64.
function addressPrefix(ip) {
  var text = String(ip);
  if (text.indexOf(':') === -1) return text;
  var bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%[^%]*$/, '');
  var v4 = /^(.*:)((\d+)\.(\d+)\.(\d+)\.(\d+))$/.exec(bare);
  if (v4) {
    if (!/^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.|$)){4}$/.test(v4[2])) return text;
    bare = v4[1] + (v4[3] * 256 + +v4[4]).toString(16) + ':' + (v4[5] * 256 + +v4[6]).toString(16);
  }
  var halves = bare.split('::');
  var head = halves[0] ? halves[0].split(':') : [];
  var tail = halves[1] ? halves[1].split(':') : [];
  var gap = 8 - head.length - tail.length;
  if (halves.length > 2 || (halves.length === 2 ? gap < 1 : gap !== 0)) return text;
  while (head.length + tail.length < 8) head.push('0');
  var g = head.concat(tail);
  for (var i = 0; i < 8; i++) {
    if (!/^[0-9a-f]{1,4}$/i.test(g[i])) return text;
    g[i] = parseInt(g[i], 16);
  }
  if (g.slice(0, 6).join() === '0,0,0,0,0,65535') {
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  }
  g.length = 4;
  while (g.length && !g[g.length - 1]) g.pop();
  return g.map((n) => n.toString(16)).join(':') + '::/64';
}

// Browser and system without versions ("chrome/windows").
var BROWSERS = [
  [/\bEdg(?:e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bC(?:hrome|riOS|hromium)\//, 'chrome'],
  [/\bSafari\//, 'safari'],
];
var SYSTEMS = [
  [/\bWindows\b/, 'windows'],
  [/\bAndroid\b/, 'android'],
  [/\biP(?:hone|ad|od)\b/, 'ios'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b/, 'linux'],
];
function agentFamily(userAgent) {
  var text = String(userAgent || '');
  var name = function (list) {
    for (var i = 0; i < list.length; i++) if (list[i][0].test(text)) return list[i][1];
    return 'other';
  };
  return name(BROWSERS) + '/' + name(SYSTEMS);
}

// HMAC-SHA256(secret, id \n prefix \n family); its first 32 bits pick the variant's file.
function visitorKey(experimentId, secret, ip, userAgent) {
  return crypto
    .createHmac('sha256', String(secret))
    .update(experimentId + '\n' + addressPrefix(ip) + '\n' + agentFamily(userAgent))
    .digest('hex');
}
function variantFor(experiment, secret, ip, userAgent) {
  if (!experiment || !secret) return '';
  var ends = experiment.ends;
  var key = visitorKey(experiment.id, secret, ip, userAgent);
  var point = (parseInt(key.slice(0, 8), 16) / 4294967296) * ends[ends.length - 1];
  var j = 0;
  while (j < ends.length - 1 && point >= ends[j]) j++;
  return experiment.prefix + '/' + experiment.ids[j] + '/index.html';
}
function experimentVariant(value, secret, ip, userAgent) {
  return variantFor(experimentOf(value), secret, ip, userAgent);
}

// A key's value, or undefined (a missing key throws in CloudFront).
async function stored(key) {
  try {
    return await kvs.get(key);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (e) {
    return undefined;
  }
}

async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var agent = request.headers && request.headers['user-agent'];
  var ip = event.viewer && event.viewer.ip ? event.viewer.ip : '';
  var direct = variantPage(uri);
  var key = direct ? direct.key : redirectKey(uri);
  var pageKey = direct ? '' : experimentKey(uri, request.method);
  var value = key || pageKey ? await stored(key || pageKey) : undefined;
  var own = direct || pageKey ? experimentOf(value) : null;
  var variantUri =
    own && (!direct || own.prefix === direct.prefix)
      ? experimentVariant(value, await stored('x:secret'), ip, agent ? agent.value : '')
      : '';
  if (variantUri) {
    // Cached under the rewritten URI.
    request.uri = variantUri;
    return request;
  }
  if (direct) return { statusCode: 404, statusDescription: 'Not Found' };
  var redirect =
    key && value !== undefined ? redirectResponse(value, request.rawQueryString()) : undefined;
  if (redirect) return redirect;
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
  if (lastSegment.indexOf('.') !== -1) return request;
  if (uri === '/') {
    request.uri = '/index.html';
    return request;
  }
  if (trailingSlash) {
    // Always this origin (static-site.ts sameOriginPath).
    var kept = decoded(uri).replace(/\\/g, '/').split('/').filter(Boolean).map(encodeURIComponent);
    var query = request.rawQueryString();
    var target = '/' + kept.join('/');
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
