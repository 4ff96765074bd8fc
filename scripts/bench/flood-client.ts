// The flood of issue 21, item 6, as a separate process (so it does not share the measured
// server's event loop): POST /api/conversions from one address as fast as `connections`
// keep-alive connections allow, each event with a new browser user agent. Prints the
// number of events sent and how many were answered 202, as JSON, when `seconds` are up.
// Usage: node scripts/bench/flood-client.ts URL CONNECTIONS SECONDS LANDING_PAGE_ID
const [url, connections, seconds, landingPageId] = process.argv.slice(2);
const body = JSON.stringify({ landingPageId, eventType: 'page_view' });
const deadline = performance.now() + Number(seconds) * 1000;
let sent = 0;
let accepted = 0;
const flood = async () => {
  while (performance.now() < deadline) {
    const build = sent++;
    const response = await fetch(`${url}/api/conversions`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.0 Safari/537.36`,
      },
    });
    await response.arrayBuffer();
    if (response.status === 202) accepted++;
  }
};
await Promise.all(Array.from({ length: Number(connections) }, flood));
process.stdout.write(`${JSON.stringify({ sent, accepted })}\n`);

// A module, for top-level await.
export {};
