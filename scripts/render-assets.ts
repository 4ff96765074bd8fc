// `npm run assets`: renders the marketing site's binary assets from HTML written here:
// the product screenshots (PNG + WebP), the hero visuals of the product, solutions and
// how-it-works pages (with a phone crop), the Open Graph image and the spec template PDF.
// The outputs are committed; rerun this after changing a mock screen. Data shown is
// fictional: supplier names are invented and patient identifiers appear only as tokens.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import {
  HERO_VISUAL,
  HERO_VISUAL_PHONE,
  SCREENSHOT,
  SCREENSHOT_SMALL_WIDTH,
  type HeroVisualName,
} from '../site/lib/screenshots.ts';
import { iconSvg, type IconName } from '../site/components/site/icon-paths.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'site/public');
/** Screenshots above this are re-encoded with fewer colors. */
const PNG_BUDGET = 150 * 1024;

const interWoff2 = readFileSync(
  join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
).toString('base64');

const BASE_CSS = `
@font-face { font-family: 'Inter'; font-weight: 100 900; src: url(data:font/woff2;base64,${interWoff2}) format('woff2'); }
* { box-sizing: border-box; margin: 0; padding: 0; }
body { font-family: 'Inter', sans-serif; color: #0f1f2e; background: #f5f7f9; font-size: 14px; -webkit-font-smoothing: antialiased; }
.app { display: grid; grid-template-columns: 232px 1fr; width: 1600px; height: 1000px; overflow: hidden; }
.side { background: #0f1f2e; color: #c8d3dd; padding: 20px 14px; display: flex; flex-direction: column; gap: 4px; }
.brand { display: flex; align-items: center; gap: 10px; color: #fff; font-weight: 700; font-size: 17px; padding: 0 8px 20px; }
.nav { display: flex; align-items: center; gap: 10px; padding: 9px 10px; border-radius: 8px; font-size: 13.5px; font-weight: 500; }
.nav.on { background: #1d3346; color: #fff; }
.nav svg { flex: none; opacity: .85; }
.nav .count { margin-left: auto; background: #dc2626; color: #fff; font-size: 11px; font-style: normal; padding: 1px 7px; border-radius: 999px; }
.side .foot { margin-top: auto; font-size: 12px; color: #8aa0b3; padding: 10px; border-top: 1px solid #1d3346; }
.main { display: flex; flex-direction: column; min-width: 0; }
.top { height: 60px; background: #fff; border-bottom: 1px solid #e2e8f0; display: flex; align-items: center; padding: 0 28px; gap: 16px; }
.search { flex: 0 0 360px; height: 36px; border: 1px solid #e2e8f0; border-radius: 8px; background: #f8fafc; color: #94a3b8; display: flex; align-items: center; padding: 0 12px; font-size: 13px; }
.tenant { margin-left: auto; font-size: 13px; color: #475569; display: flex; align-items: center; gap: 10px; }
.avatar { width: 32px; height: 32px; border-radius: 50%; background: #237745; color: #fff; font-weight: 600; font-size: 12px; display: grid; place-items: center; }
.content { padding: 26px 28px; display: flex; flex-direction: column; gap: 20px; min-height: 0; flex: 1; }
h1 { font-size: 22px; font-weight: 700; letter-spacing: -0.01em; }
.sub { color: #64748b; font-size: 13.5px; margin-top: 4px; }
.row { display: flex; gap: 20px; }
.row > * { min-width: 0; }
.card { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 18px 20px; }
.card h2 { font-size: 15px; font-weight: 600; margin-bottom: 12px; display: flex; align-items: center; gap: 8px; }
.kpi { flex: 1; }
.kpi .label { font-size: 12.5px; color: #64748b; font-weight: 500; }
.kpi .value { font-size: 28px; font-weight: 700; margin-top: 6px; letter-spacing: -0.02em; }
.kpi .delta { font-size: 12px; margin-top: 4px; color: #237745; font-weight: 600; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th { text-align: left; font-size: 11.5px; text-transform: uppercase; letter-spacing: .04em; color: #64748b; font-weight: 600; padding: 10px 12px; border-bottom: 1px solid #e2e8f0; background: #f8fafc; }
td { padding: 11px 12px; border-bottom: 1px solid #eef2f6; vertical-align: middle; }
.mono { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 12px; white-space: nowrap; }
.badge { display: inline-flex; align-items: center; gap: 5px; padding: 2px 9px; border-radius: 999px; font-size: 11.5px; font-weight: 600; white-space: nowrap; }
.critical { background: #fee2e2; color: #991b1b; } .high { background: #ffedd5; color: #9a3412; }
.medium { background: #fef9c3; color: #854d0e; } .low { background: #e0f2fe; color: #075985; }
.ok { background: #dcfce7; color: #166534; } .muted { background: #f1f5f9; color: #475569; }
.mfr { background: #dbeafe; color: #1d4ed8; } .sup { background: #dcfce7; color: #15803d; } .plt { background: #f3e8ff; color: #7e22ce; }
.btn { display: inline-flex; align-items: center; height: 34px; padding: 0 14px; border-radius: 8px; font-size: 13px; font-weight: 600; border: 1px solid #cbd5e1; background: #fff; color: #0f1f2e; }
.btn.primary { background: #237745; border-color: #237745; color: #fff; }
.chip { display: inline-flex; align-items: center; height: 30px; padding: 0 12px; border-radius: 8px; border: 1px solid #e2e8f0; background: #fff; font-size: 12.5px; color: #334155; gap: 6px; }
.chip.on { border-color: #237745; color: #237745; background: #effbf2; font-weight: 600; }
.bar { height: 8px; background: #eef2f6; border-radius: 99px; overflow: hidden; }
.bar > span { display: block; height: 100%; background: linear-gradient(90deg, #5dd47f, #2e9656); }
.field { display: flex; flex-direction: column; gap: 6px; font-size: 12.5px; color: #475569; font-weight: 500; }
.input { height: 36px; border: 1px solid #cbd5e1; border-radius: 8px; display: flex; align-items: center; padding: 0 12px; color: #0f1f2e; font-size: 13px; background: #fff; font-weight: 400; }
.code { background: #0f1f2e; color: #d7f5df; border-radius: 10px; padding: 16px 18px; font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 12.5px; line-height: 1.65; white-space: pre; }
.code .k { color: #93c5fd; } .code .s { color: #fde68a; } .code .c { color: #64748b; }
.dot { width: 8px; height: 8px; border-radius: 50%; display: inline-block; }
`;

const MARK = `<svg width="30" height="30" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5DD47F"/><stop offset="1" stop-color="#2E9656"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g)"/><path d="M6 21c3-7 7-10 10-10s7 3 10 10" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><path d="M10 24v-6M16 24v-9M22 24v-6" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;

interface Shell {
  active: string;
  tenant: string;
  user: string;
  nav?: string[];
  /** Open exceptions shown as a count beside the Exceptions item. */
  openExceptions?: number;
  body: string;
}

/** The icon beside each navigation item (the same icon set as the site, icon-paths.ts). */
const NAV_ICONS: Record<string, IconName> = {
  Overview: 'grid',
  Contracts: 'contract',
  Suppliers: 'users',
  Exceptions: 'alert',
  Deliveries: 'send',
  Tokenization: 'key',
  'Audit log': 'eye',
  Settings: 'sliders',
  'Upload data': 'upload',
  Submissions: 'list',
  'Contract requirements': 'clipboard',
  'Write-back reports': 'refresh',
  'API keys': 'lock',
  Help: 'help',
};

const MANUFACTURER_NAV = [
  'Overview',
  'Contracts',
  'Suppliers',
  'Exceptions',
  'Deliveries',
  'Tokenization',
  'Audit log',
  'Settings',
];

function shell({
  active,
  tenant,
  user,
  nav = MANUFACTURER_NAV,
  openExceptions = 37,
  body,
}: Shell): string {
  const items = nav
    .map(
      (label) =>
        `<div class="nav${label === active ? ' on' : ''}">${iconSvg(NAV_ICONS[label] ?? 'file', 17)}${label}${label === 'Exceptions' ? `<em class="count">${openExceptions}</em>` : ''}</div>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}</style></head><body>
<div class="app"><aside class="side"><div class="brand">${MARK}PharmaBridge</div>${items}
<div class="foot">Environment: Production<br>Region: us-east-1</div></aside>
<div class="main"><div class="top"><div class="search">Search contracts, suppliers, files…</div>
<div class="tenant">${tenant}<div class="avatar">${user}</div></div></div>
<div class="content">${body}</div></div></div></body></html>`;
}

const SUPPLIERS = [
  ['Northwind Specialty Pharmacy', '99.6', 'Today 06:12', 'ok', 'On schedule'],
  ['Harborview Health Distribution', '98.9', 'Today 05:40', 'ok', 'On schedule'],
  ['Cedar Ridge Infusion Services', '96.2', 'Yesterday 23:05', 'medium', '3 open exceptions'],
  ['Lakeshore Specialty Rx', '99.9', 'Today 04:58', 'ok', 'On schedule'],
  ['Summit Patient Services Hub', '91.4', 'Yesterday 18:20', 'high', '14 open exceptions'],
  ['Bluewater Home Infusion', '99.2', 'Today 03:31', 'ok', 'On schedule'],
] as const;

function overview(): string {
  const days = [62, 70, 58, 81, 77, 90, 85, 74, 96, 88, 92, 101, 97, 110];
  const chart = barChart({
    width: 470,
    height: 210,
    values: days,
    labels: days.map((_, i) => (i % 2 === 0 ? `${i + 1} Jun` : '')),
    max: 120,
    step: 40,
    tick: (v) => (v === 0 ? '0' : `${v}k`),
    valueLabels: 'last',
    value: (v) => `${v}k`,
    yTitle: 'Records',
  });
  const rows = SUPPLIERS.map(
    ([name, rate, last, level, status]) =>
      `<tr><td><b style="font-weight:600">${name}</b></td><td style="width:210px"><div style="display:flex;align-items:center;gap:10px"><div class="bar" style="flex:1"><span style="width:${rate}%"></span></div>${rate}%</div></td><td>${last}</td><td><span class="badge ${level}">${status}</span></td></tr>`,
  ).join('');
  return shell({
    active: 'Overview',
    tenant: 'Meridian Therapeutics · Manufacturer',
    user: 'JL',
    body: `<div style="display:flex;align-items:flex-end;justify-content:space-between"><div><h1>Platform overview</h1><p class="sub">Validation, tokenization and delivery across 6 active suppliers · last 14 days</p></div><div style="display:flex;gap:10px"><span class="btn">Export report</span><span class="btn primary">Invite supplier</span></div></div>
<div class="row">
<div class="card kpi"><div class="label">Records validated</div><div class="value">4,826,310</div><div class="delta">▲ 12.4% vs previous period</div></div>
<div class="card kpi"><div class="label">Validation accuracy</div><div class="value">99.8%</div><div class="delta">Against 214 contract rules</div></div>
<div class="card kpi"><div class="label">Median validation latency</div><div class="value">64 ms</div><div class="delta">p99 under 100 ms</div></div>
<div class="card kpi"><div class="label">Open exceptions</div><div class="value" style="color:#b91c1c">37</div><div class="delta" style="color:#b45309">5 critical · 11 high</div></div>
</div>
<div class="row" style="flex:1;min-height:0">
<div class="card" style="flex:1.5;display:flex;flex-direction:column;gap:8px"><h2>Supplier compliance</h2><table><thead><tr><th>Supplier</th><th>Records passing</th><th>Last delivery</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table></div>
<div style="flex:1;display:flex;flex-direction:column;gap:20px">
<div class="card"><h2>Records validated per day, 1-14 June (thousands)</h2>${chart}</div>
<div class="card" style="flex:1"><h2>Pipeline</h2>
<div style="display:grid;grid-template-columns:repeat(4,1fr);gap:10px;font-size:12.5px">
<div><span class="badge sup">Supplier</span><div style="font-weight:700;font-size:20px;margin-top:8px">1,284</div>files received</div>
<div><span class="badge plt">Platform</span><div style="font-weight:700;font-size:20px;margin-top:8px">99.8%</div>validated clean</div>
<div><span class="badge plt">Platform</span><div style="font-weight:700;font-size:20px;margin-top:8px">812,406</div>patients tokenized</div>
<div><span class="badge mfr">Manufacturer</span><div style="font-weight:700;font-size:20px;margin-top:8px">412</div>deliveries made</div>
</div></div></div></div>`,
  });
}

function contracts(): string {
  const rules = [
    ['R-014', 'ndc_11', 'Format', 'Matches 11-digit NDC (5-4-2)', 'critical', 'Critical'],
    ['R-015', 'dispense_date', 'Range', 'Within reporting period, not in future', 'high', 'High'],
    [
      'R-021',
      'patient_token',
      'Tokenization',
      'Deterministic token from name, DOB, ZIP3',
      'critical',
      'Critical',
    ],
    [
      'R-022',
      'payer_type',
      'Code list',
      'One of COMMERCIAL, MEDICARE, MEDICAID, CASH',
      'medium',
      'Medium',
    ],
    ['R-030', 'quantity_dispensed', 'Range', '> 0 and ≤ 360 units per fill', 'high', 'High'],
    [
      'R-031',
      'days_supply',
      'Cross-field',
      'days_supply × daily dose ≈ quantity ± 10%',
      'medium',
      'Medium',
    ],
    ['R-042', 'prescriber_npi', 'Checksum', 'Valid 10-digit NPI (Luhn)', 'high', 'High'],
    ['R-057', 'ship_to_state', 'Code list', 'USPS state code', 'low', 'Low'],
  ] as const;
  const rows = rules
    .map(
      ([id, field, type, rule, sev, label], i) =>
        `<tr style="${i === 2 ? 'background:#effbf2' : ''}"><td class="mono">${id}</td><td class="mono">${field}</td><td>${type}</td><td>${rule}</td><td><span class="badge ${sev}">${label}</span></td></tr>`,
    )
    .join('');
  return shell({
    active: 'Contracts',
    tenant: 'Meridian Therapeutics · Manufacturer',
    user: 'JL',
    body: `<div style="display:flex;align-items:flex-end;justify-content:space-between"><div><p class="sub" style="margin:0 0 4px">Contracts / Specialty Pharmacy Data Agreement</p><h1>Specialty Pharmacy Data Agreement <span class="badge ok" style="vertical-align:middle;margin-left:8px">Published v3.2</span></h1><p class="sub">Applies to 6 suppliers · daily dispense and status files · effective 1 Jan 2025</p></div><div style="display:flex;gap:10px"><span class="btn">Preview as supplier</span><span class="btn">Compare versions</span><span class="btn primary">Publish v3.3</span></div></div>
<div style="display:flex;gap:8px"><span class="chip on">Rules (214)</span><span class="chip">Fields (48)</span><span class="chip">File formats</span><span class="chip">Delivery schedule</span><span class="chip">Suppliers (6)</span><span class="chip">History</span></div>
<div class="row" style="flex:1;min-height:0">
<div class="card" style="flex:1.45"><h2>Machine-readable rules <span class="badge muted">8 of 214 shown</span></h2><table><thead><tr><th>ID</th><th>Field</th><th>Type</th><th>Rule</th><th>Severity</th></tr></thead><tbody>${rows}</tbody></table></div>
<div class="card" style="flex:1;display:flex;flex-direction:column;gap:14px"><h2>Edit rule R-021 <span class="badge plt">Platform</span></h2>
<div style="display:grid;grid-template-columns:1fr 1fr;gap:12px">
<div class="field">Field<div class="input mono">patient_token</div></div>
<div class="field">Rule type<div class="input">Tokenization</div></div>
<div class="field">Severity<div class="input"><span class="badge critical">Critical</span></div></div>
<div class="field">On failure<div class="input">Reject row, notify supplier</div></div></div>
<div class="field">Source fields (never stored)<div class="input">first_name, last_name, date_of_birth, zip3</div></div>
<div class="code"><span class="c"># generated from clause 7.2 of the agreement</span>
<span class="k">rule</span>: R-021
<span class="k">field</span>: patient_token
<span class="k">type</span>: tokenization
<span class="k">method</span>: <span class="s">deterministic-hmac-sha256</span>
<span class="k">inputs</span>: [first_name, last_name, date_of_birth, zip3]
<span class="k">normalize</span>: [trim, uppercase, strip_punctuation]
<span class="k">output</span>: <span class="s">tok_8f3a…</span>
<span class="k">severity</span>: critical
<span class="k">on_fail</span>: reject_row</div>
<div style="display:flex;gap:10px;margin-top:auto"><span class="btn">Test against sample file</span><span class="btn primary">Save rule</span></div></div></div>`,
  });
}

const EXCEPTIONS = [
  [
    'EX-20931',
    'Summit Patient Services Hub',
    'sph_dispense_0614.csv',
    '1,208',
    'ndc_11',
    'R-014 NDC format',
    'critical',
    'Critical',
    'Open',
    '2 h',
  ],
  [
    'EX-20930',
    'Summit Patient Services Hub',
    'sph_dispense_0614.csv',
    '1,311',
    'quantity_dispensed',
    'R-030 quantity range',
    'high',
    'High',
    'Open',
    '2 h',
  ],
  [
    'EX-20927',
    'Cedar Ridge Infusion Services',
    'cris_status_0613.xlsx',
    '88',
    'dispense_date',
    'R-015 date in period',
    'high',
    'High',
    'With supplier',
    '9 h',
  ],
  [
    'EX-20921',
    'Northwind Specialty Pharmacy',
    'nsp_dispense_0613.xml',
    '4,502',
    'payer_type',
    'R-022 payer code list',
    'medium',
    'Medium',
    'Fix proposed',
    '14 h',
  ],
  [
    'EX-20918',
    'Cedar Ridge Infusion Services',
    'cris_status_0613.xlsx',
    '140',
    'prescriber_npi',
    'R-042 NPI checksum',
    'high',
    'High',
    'Open',
    '15 h',
  ],
  [
    'EX-20912',
    'Summit Patient Services Hub',
    'sph_dispense_0613.csv',
    '22',
    'patient_token',
    'R-021 token inputs missing',
    'critical',
    'Critical',
    'Open',
    '1 d',
  ],
  [
    'EX-20907',
    'Harborview Health Distribution',
    'hhd_ship_0613.json',
    '310',
    'ship_to_state',
    'R-057 state code',
    'low',
    'Low',
    'Resolved',
    '1 d',
  ],
  [
    'EX-20899',
    'Bluewater Home Infusion',
    'bhi_dispense_0612.csv',
    '1,019',
    'days_supply',
    'R-031 supply vs quantity',
    'medium',
    'Medium',
    'With supplier',
    '2 d',
  ],
  [
    'EX-20894',
    'Summit Patient Services Hub',
    'sph_dispense_0612.csv',
    '677',
    'ndc_11',
    'R-014 NDC format',
    'critical',
    'Critical',
    'Open',
    '2 d',
  ],
  [
    'EX-20886',
    'Lakeshore Specialty Rx',
    'lsr_dispense_0612.csv',
    '45',
    'payer_type',
    'R-022 payer code list',
    'medium',
    'Medium',
    'Resolved',
    '3 d',
  ],
] as const;

function exceptionTable(highlight: number, columns: 'full' | 'narrow'): string {
  const rows = EXCEPTIONS.map(([id, sup, file, row, field, rule, sev, label, status, age], i) => {
    const statusClass =
      status === 'Resolved'
        ? 'ok'
        : status === 'Open'
          ? 'muted'
          : status === 'Fix proposed'
            ? 'plt'
            : 'sup';
    const bg = i === highlight ? ' style="background:#effbf2"' : '';
    return columns === 'full'
      ? `<tr${bg}><td class="mono">${id}</td><td><span class="badge ${sev}">${label}</span></td><td>${sup}</td><td class="mono">${file}</td><td>${row}</td><td class="mono">${field}</td><td>${rule}</td><td><span class="badge ${statusClass}">${status}</span></td><td>${age}</td></tr>`
      : `<tr${bg}><td class="mono">${id}</td><td><span class="badge ${sev}">${label}</span></td><td>${sup}</td><td class="mono">${field}</td><td><span class="badge ${statusClass}">${status}</span></td></tr>`;
  }).join('');
  const head =
    columns === 'full'
      ? '<th>ID</th><th>Severity</th><th>Supplier</th><th>File</th><th>Row</th><th>Field</th><th>Rule</th><th>Status</th><th>Age</th>'
      : '<th>ID</th><th>Severity</th><th>Supplier</th><th>Field</th><th>Status</th>';
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function exceptions(): string {
  return shell({
    active: 'Exceptions',
    tenant: 'Meridian Therapeutics · Manufacturer',
    user: 'JL',
    body: `<div style="display:flex;align-items:flex-end;justify-content:space-between"><div><h1>Validation exceptions</h1><p class="sub">Rows that failed a contract rule, grouped by severity. Suppliers see the same exceptions in their portal.</p></div><div style="display:flex;gap:10px"><span class="btn">Export CSV</span><span class="btn primary">Assign selected</span></div></div>
<div class="row">
<div class="card kpi"><div class="label">Critical</div><div class="value" style="color:#991b1b">5</div><div class="delta" style="color:#64748b">Rows rejected until fixed</div></div>
<div class="card kpi"><div class="label">High</div><div class="value" style="color:#9a3412">11</div><div class="delta" style="color:#64748b">Blocks delivery of the file</div></div>
<div class="card kpi"><div class="label">Medium</div><div class="value" style="color:#854d0e">14</div><div class="delta" style="color:#64748b">Delivered with a flag</div></div>
<div class="card kpi"><div class="label">Low</div><div class="value" style="color:#075985">7</div><div class="delta" style="color:#64748b">Informational</div></div>
<div class="card kpi"><div class="label">Median time to resolve</div><div class="value">6.2 h</div><div class="delta">▼ 41% this quarter</div></div>
</div>
<div style="display:flex;gap:8px;align-items:center"><span class="chip on">All open (37)</span><span class="chip">Critical</span><span class="chip">High</span><span class="chip">With supplier</span><span class="chip">Fix proposed</span><span class="chip">Supplier: any ▾</span><span class="chip">Rule: any ▾</span><span class="chip">Last 7 days ▾</span></div>
<div class="card" style="padding:0;overflow:hidden">${exceptionTable(-1, 'full')}</div>`,
  });
}

function remediation(): string {
  return shell({
    active: 'Exceptions',
    tenant: 'Meridian Therapeutics · Manufacturer',
    user: 'JL',
    body: `<div style="display:grid;grid-template-columns:1fr 560px;gap:20px;flex:1;min-height:0">
<div style="display:flex;flex-direction:column;gap:16px;opacity:.55"><div><h1>Validation exceptions</h1><p class="sub">37 open · 5 critical</p></div>
<div class="card" style="padding:0;overflow:hidden">${exceptionTable(0, 'narrow')}</div></div>
<div class="card" style="box-shadow:-12px 0 32px rgba(15,31,46,.12);display:flex;flex-direction:column;gap:16px;border-color:#cbd5e1">
<div style="display:flex;justify-content:space-between;align-items:flex-start"><div><p class="sub" style="margin:0">EX-20931 · Summit Patient Services Hub</p><h1 style="font-size:19px;margin-top:4px">NDC does not match the 5-4-2 format</h1></div><span class="badge critical">Critical</span></div>
<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;font-size:12.5px;color:#475569">
<div>File<br><b class="mono" style="color:#0f1f2e">sph_dispense_0614.csv</b></div><div>Row<br><b style="color:#0f1f2e">1,208 of 18,442</b></div>
<div>Rule<br><b style="color:#0f1f2e">R-014 · contract clause 4.1</b></div><div>Detected<br><b style="color:#0f1f2e">Today 06:41 · 38 ms</b></div></div>
<div><h2 style="font-size:14px;font-weight:600;margin-bottom:8px">Record (identifiers tokenized)</h2>
<table><tbody>
<tr><td style="color:#64748b;width:170px">patient_token</td><td class="mono">tok_8f3a…c21e</td></tr>
<tr style="background:#fef2f2"><td style="color:#64748b">ndc_11</td><td class="mono" style="color:#991b1b">5024-1203-01 <span style="font-family:Inter;font-size:11.5px">(10 digits)</span></td></tr>
<tr><td style="color:#64748b">dispense_date</td><td class="mono">2025-06-13</td></tr>
<tr><td style="color:#64748b">quantity_dispensed</td><td class="mono">28</td></tr>
<tr><td style="color:#64748b">prescriber_npi</td><td class="mono">tok_51d0…9a7b</td></tr></tbody></table></div>
<div style="border:1px solid #a7e3b9;background:#effbf2;border-radius:10px;padding:14px 16px;display:flex;flex-direction:column;gap:10px">
<div style="font-weight:600;color:#1d5e38">Suggested fix · 97% confidence</div>
<div style="font-size:13px;color:#334155">Pad the labeler segment to 5 digits, as in the 1,207 rows before it from the same supplier.</div>
<div style="display:flex;align-items:center;gap:12px" class="mono"><span style="text-decoration:line-through;color:#991b1b">5024-1203-01</span>→<span style="color:#166534;font-weight:700">05024-1203-01</span></div>
<label style="display:flex;gap:8px;align-items:center;font-size:12.5px;color:#334155"><span style="width:16px;height:16px;border-radius:4px;background:#237745;color:#fff;display:inline-grid;place-items:center">${iconSvg('check', 12, 3)}</span>Apply to the 12 other rows in this file with the same pattern</label></div>
<div class="field">Note to supplier<div class="input" style="height:64px;align-items:flex-start;padding-top:10px">Your export drops the leading zero of labeler codes. Fix applied; please correct the source system before the next file.</div></div>
<div style="display:flex;gap:10px;margin-top:auto"><span class="btn">Send to supplier</span><span class="btn">Waive with reason</span><span class="btn primary" style="margin-left:auto">Apply fix &amp; revalidate</span></div>
<p class="sub" style="margin:0;font-size:12px">Every action is written to the audit log with user, time and before/after values.</p>
</div></div>`,
  });
}

function supplierPortal(): string {
  const uploads = [
    ['nsp_dispense_0614.csv', 'CSV', '18,204', '18,204', '0', '0', 'ok', 'Delivered'],
    ['nsp_status_0614.xlsx', 'Excel', '2,311', '2,298', '13', '0', 'medium', 'Accepted'],
    ['nsp_dispense_0613.xml', 'XML', '17,950', '17,941', '0', '9', 'high', 'Needs fixes'],
    ['nsp_inventory_0613.json', 'JSON', '612', '612', '0', '0', 'ok', 'Delivered'],
  ] as const;
  const rows = uploads
    .map(
      ([file, fmt, total, pass, warn, err, level, status]) =>
        `<tr><td class="mono" title="${fmt}">${file}</td><td>${total}</td><td style="color:#166534;font-weight:600">${pass}</td><td style="color:#854d0e">${warn}</td><td style="color:#991b1b">${err}</td><td><span class="badge ${level}">${status}</span></td></tr>`,
    )
    .join('');
  const issues = [
    ['4,502', 'payer_type', 'COMM', 'Not in the payer code list', 'COMMERCIAL'],
    ['6,117', 'dispense_date', '2025-06-31', 'Date does not exist', '2025-06-30'],
    ['9,840', 'quantity_dispensed', '0', 'Must be greater than 0', ''],
  ] as const;
  const issueRows = issues
    .map(
      ([row, field, value, msg, fix]) =>
        `<tr><td>${row}</td><td class="mono">${field}</td><td class="mono" style="color:#991b1b">${value}</td><td>${msg}</td><td>${fix ? `<span class="input mono" style="height:30px;display:inline-flex">${fix}</span>` : '<span class="input" style="height:30px;display:inline-flex;color:#94a3b8">Enter value</span>'}</td></tr>`,
    )
    .join('');
  return shell({
    active: 'Upload data',
    tenant: 'Northwind Specialty Pharmacy · Supplier',
    user: 'RK',
    openExceptions: 9,
    nav: [
      'Upload data',
      'Submissions',
      'Contract requirements',
      'Exceptions',
      'Write-back reports',
      'API keys',
      'Help',
    ],
    body: `<div style="display:flex;align-items:flex-end;justify-content:space-between"><div><h1>Upload data for Meridian Therapeutics</h1><p class="sub">Specialty Pharmacy Data Agreement v3.2 · next delivery due today 23:59 ET</p></div><span class="btn">Download spec template</span></div>
<div class="row">
<div style="flex:1.1;border:2px dashed #5dd47f;background:#effbf2;border-radius:14px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;padding:34px">
<svg width="44" height="44" viewBox="0 0 24 24"><path fill="#2E9656" d="M19 13v6H5v-6H3v6a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-6zm-6-8.6 3.3 3.3 1.4-1.4L12 .6 6.3 6.3l1.4 1.4L11 4.4V16h2z"/></svg>
<div style="font-size:17px;font-weight:600">Drag and drop files here</div>
<div class="sub" style="margin:0">or <span style="color:#237745;font-weight:600;text-decoration:underline">browse your computer</span> · CSV, Excel, XML or JSON up to 2 GB</div>
<div class="sub" style="margin:0;font-size:12px">Each row is checked against 214 contract rules as it uploads.</div></div>
<div class="card" style="flex:1;display:flex;flex-direction:column;gap:12px"><h2>Validating nsp_dispense_0614b.csv</h2>
<div class="bar" style="height:10px"><span style="width:72%"></span></div>
<div style="display:flex;justify-content:space-between;font-size:12.5px;color:#475569"><span>13,108 of 18,206 rows checked</span><span>72% · 41 ms per batch</span></div>
<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:10px;margin-top:4px">
<div style="background:#dcfce7;border-radius:10px;padding:12px"><div style="font-size:22px;font-weight:700;color:#166534">13,091</div><div style="font-size:12px;color:#166534">passed</div></div>
<div style="background:#fef9c3;border-radius:10px;padding:12px"><div style="font-size:22px;font-weight:700;color:#854d0e">14</div><div style="font-size:12px;color:#854d0e">warnings</div></div>
<div style="background:#fee2e2;border-radius:10px;padding:12px"><div style="font-size:22px;font-weight:700;color:#991b1b">3</div><div style="font-size:12px;color:#991b1b">errors to fix</div></div></div>
<p class="sub" style="margin:0;font-size:12px">Patient identifiers are tokenized before anything leaves your upload: tok_8f3a…</p></div></div>
<div class="row" style="align-items:flex-start">
<div class="card" style="flex:1"><h2>Recent submissions</h2><table><thead><tr><th>File</th><th>Rows</th><th>Passed</th><th>Warn.</th><th>Errors</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table></div>
<div class="card" style="flex:1.15"><h2>Fix inline · nsp_dispense_0613.xml <span class="badge high">9 errors</span></h2><table><thead><tr><th>Row</th><th>Field</th><th>Value</th><th>Problem</th><th>Fix</th></tr></thead><tbody>${issueRows}</tbody></table>
<div style="display:flex;gap:10px;margin-top:14px;justify-content:flex-end"><span class="btn">Download error report</span><span class="btn primary">Revalidate 9 rows</span></div></div></div>`,
  });
}

function ogImage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
body { width: 1200px; height: 630px; background: radial-gradient(circle at 85% 20%, #1d5e38 0, transparent 45%), #0f1f2e; color: #fff; }
.wrap { padding: 86px 90px; display: flex; flex-direction: column; height: 100%; }
.word { display: flex; align-items: center; gap: 26px; font-size: 84px; font-weight: 800; letter-spacing: -0.03em; }
.word svg { width: 104px; height: 104px; }
.tag { font-size: 40px; font-weight: 600; margin-top: 46px; line-height: 1.25; max-width: 960px; }
.tag span { background: linear-gradient(90deg, #5DD47F, #3fb868); -webkit-background-clip: text; color: transparent; }
.claims { margin-top: auto; display: flex; gap: 14px; font-size: 21px; color: #c8d3dd; }
.claims b { border: 1px solid #2e4a61; border-radius: 999px; padding: 8px 18px; font-weight: 500; }
</style></head><body><div class="wrap"><div class="word">${MARK.replace('width="30" height="30"', '')}PharmaBridge</div>
<div class="tag">Contract-compliant pharmaceutical data, <span>validated at the source.</span></div>
<div class="claims"><b>Real-time validation</b><b>Deterministic tokenization</b><b>HIPAA · SOC 2 Type II</b></div></div></body></html>`;
}

function specTemplate(): string {
  const fields = [
    ['record_id', 'string(36)', 'Yes', 'Unique per row within a file; UUID recommended', '—'],
    [
      'patient_token',
      'string',
      'Yes',
      'Generated by PharmaBridge from the source fields below',
      'Tokenized',
    ],
    ['ndc_11', 'string(11)', 'Yes', '11-digit NDC in 5-4-2 format, digits only', '—'],
    [
      'dispense_date',
      'date (YYYY-MM-DD)',
      'Yes',
      'Within the reporting period; not in the future',
      '—',
    ],
    [
      'quantity_dispensed',
      'decimal(10,3)',
      'Yes',
      'Greater than 0; at most the contract maximum',
      '—',
    ],
    ['days_supply', 'integer', 'Yes', '1 to 365', '—'],
    ['prescriber_npi', 'string(10)', 'Yes', 'Valid NPI checksum', 'Tokenized if required'],
    ['payer_type', 'code', 'Yes', 'COMMERCIAL, MEDICARE, MEDICAID, CASH, OTHER', '—'],
    ['ship_to_state', 'code', 'No', 'USPS two-letter state code', '—'],
    ['status_code', 'code', 'No', 'Program status from the agreed code list', '—'],
  ];
  const fieldRows = fields
    .map(
      (cells) =>
        `<tr>${cells.map((c, i) => `<td${i === 0 ? ' class="mono"' : ''}>${c}</td>`).join('')}</tr>`,
    )
    .join('');
  const blank = (label: string) =>
    `<tr><td style="width:34%">${label}</td><td style="border-bottom:1px solid #94a3b8"></td></tr>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
@page { size: Letter; margin: 18mm 16mm 20mm; }
body { background: #fff; font-size: 10.5pt; line-height: 1.5; }
header { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 13pt; border-bottom: 2px solid #2E9656; padding-bottom: 10px; margin-bottom: 18px; }
header small { margin-left: auto; font-weight: 500; font-size: 9pt; color: #64748b; }
h1 { font-size: 22pt; margin-bottom: 6px; }
h2 { font-size: 13pt; color: #1d5e38; margin: 20px 0 8px; break-after: avoid; }
p, li { color: #334155; } ul, ol { padding-left: 20px; margin: 6px 0; }
table { font-size: 9pt; margin-top: 6px; break-inside: auto; } tr { break-inside: avoid; }
th { font-size: 8pt; background: #effbf2; color: #1d5e38; } td { padding: 7px 8px; }
.form td { padding: 10px 8px; border: none; }
.note { background: #f8fafc; border-left: 3px solid #2E9656; padding: 10px 14px; margin: 10px 0; font-size: 9.5pt; }
</style></head><body>
<header>${MARK}PharmaBridge<small>Template version 2025.1</small></header>
<h1>Data Contract Specification Template</h1>
<p>Use this template to describe, in one place, the data a supplier delivers under a manufacturer agreement. PharmaBridge turns a completed specification into machine-readable validation rules that suppliers see in their portal, so both parties work from the same definition.</p>
<div class="note">Do not enter patient data in this document. Field definitions describe structure only; identifiers are tokenized by the platform before delivery.</div>
<h2>1. Contract parties</h2>
<table class="form"><tbody>${blank('Manufacturer (legal name)')}${blank('Supplier (legal name)')}${blank('Agreement reference and version')}${blank('Effective date')}${blank('Manufacturer data owner (name, email)')}${blank('Supplier technical contact (name, email)')}</tbody></table>
<h2>2. File formats</h2>
<p>Tick every format the supplier will send. All formats are validated against the same rules.</p>
<ul><li>☐ CSV (UTF-8, comma-delimited, header row required, RFC 4180 quoting)</li><li>☐ Excel (.xlsx, first worksheet, header row in row 1)</li><li>☐ XML (schema supplied by the manufacturer or PharmaBridge default XSD)</li><li>☐ JSON (array of records or newline-delimited JSON)</li></ul>
<p>File naming convention: <span class="mono">{supplier}_{feed}_{YYYYMMDD}.{ext}</span> &nbsp;·&nbsp; Maximum file size: ________</p>
<h2>3. Field definitions</h2>
<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Definition and constraints</th><th>Privacy</th></tr></thead><tbody>${fieldRows}</tbody></table>
<p style="margin-top:8px">Add one row per additional field. Code lists are attached as appendices.</p>
<h2>4. Validation rules</h2>
<table><thead><tr><th>Rule ID</th><th>Field(s)</th><th>Rule</th><th>Severity</th><th>On failure</th></tr></thead><tbody>
<tr><td class="mono">R-001</td><td>ndc_11</td><td>Matches 5-4-2 NDC format</td><td>Critical</td><td>Reject row</td></tr>
<tr><td class="mono">R-002</td><td>dispense_date</td><td>Within reporting period</td><td>High</td><td>Hold file for correction</td></tr>
<tr><td class="mono">R-003</td><td>days_supply, quantity_dispensed</td><td>Quantity consistent with days supply ± 10%</td><td>Medium</td><td>Deliver with flag</td></tr>
<tr><td class="mono">R-004</td><td>record_id</td><td>Unique within the file and the last 90 days</td><td>High</td><td>Reject row</td></tr>
<tr><td class="mono">R-0__</td><td></td><td></td><td></td><td></td></tr></tbody></table>
<p>Severity levels: <b>Critical</b> rejects the row; <b>High</b> holds the file until fixed; <b>Medium</b> delivers with a flag; <b>Low</b> is informational.</p>
<h2>5. Tokenization fields</h2>
<p>List the source fields that identify a patient. PharmaBridge normalizes them and replaces them with a deterministic token (for example <span class="mono">tok_8f3a…</span>): the same patient always receives the same token, and the source values are never delivered.</p>
<table class="form"><tbody>${blank('Source fields for the patient token')}${blank('Other identifiers to tokenize (e.g. prescriber)')}${blank('ID linking (master patient index, clean room, network token)')}</tbody></table>
<h2>6. Delivery schedule</h2>
<table class="form"><tbody>${blank('Feed and frequency (daily, weekly, monthly)')}${blank('Submission deadline and time zone')}${blank('Reporting period covered by each file')}${blank('Delivery destination for validated data')}${blank('Escalation contact for late or failed files')}</tbody></table>
<h2>7. Sign-off</h2>
<p>By signing, both parties confirm that this specification reflects the data obligations of the agreement referenced above. Changes are made by issuing a new version of this document.</p>
<table class="form"><tbody>${blank('Manufacturer signatory, title, date')}${blank('Supplier signatory, title, date')}</tbody></table>
</body></html>`;
}

interface BarChart {
  width: number;
  height: number;
  values: number[];
  /** One label under each bar ('' for none). */
  labels: string[];
  /** The y axis runs from 0 to `max` with a labeled gridline every `step`. */
  max: number;
  step: number;
  tick: (value: number) => string;
  /** Which bars carry their value above them. */
  valueLabels: 'all' | 'last';
  value: (value: number) => string;
  /** The y axis title, written above the tick labels. */
  yTitle: string;
}

/** A vertical bar chart with labeled axes, gridlines and value labels, as inline SVG. */
function barChart(chart: BarChart): string {
  const left = 42;
  const top = 24;
  const bottom = 24;
  const plotWidth = chart.width - left - 4;
  const plotHeight = chart.height - top - bottom;
  const y = (value: number) => top + plotHeight - (value / chart.max) * plotHeight;
  const slot = plotWidth / chart.values.length;
  const barWidth = Math.min(34, slot * 0.62);
  const parts: string[] = [
    `<text x="0" y="11" font-size="11" fill="#64748b" font-weight="600">${chart.yTitle}</text>`,
  ];
  for (let tick = 0; tick <= chart.max; tick += chart.step) {
    parts.push(
      `<line x1="${left}" x2="${chart.width}" y1="${y(tick)}" y2="${y(tick)}" stroke="${tick === 0 ? '#cbd5e1' : '#eef2f6'}"/>`,
      `<text x="${left - 8}" y="${y(tick) + 4}" font-size="11" fill="#64748b" text-anchor="end">${chart.tick(tick)}</text>`,
    );
  }
  chart.values.forEach((value, index) => {
    const x = left + slot * index + (slot - barWidth) / 2;
    const isLast = index === chart.values.length - 1;
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${y(value).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(top + plotHeight - y(value)).toFixed(1)}" rx="4" fill="${isLast ? '#2E9656' : '#8fd9a8'}"/>`,
    );
    if (chart.valueLabels === 'all' || isLast) {
      parts.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${(y(value) - 6).toFixed(1)}" font-size="11.5" font-weight="700" fill="#1d5e38" text-anchor="middle">${chart.value(value)}</text>`,
      );
    }
    const label = chart.labels[index];
    if (label) {
      parts.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${chart.height - 6}" font-size="11" fill="#475569" text-anchor="middle">${label}</text>`,
      );
    }
  });
  return `<svg width="${chart.width}" height="${chart.height}" viewBox="0 0 ${chart.width} ${chart.height}" font-family="Inter, sans-serif" role="img">${parts.join('')}</svg>`;
}

/** A horizontal bar chart of percentages with a labeled 0-100% axis, as inline SVG. */
function percentBars(rows: [label: string, value: number][], width: number): string {
  const labelWidth = 150;
  const rowHeight = 38;
  const plot = width - labelWidth - 44;
  const height = rows.length * rowHeight + 26;
  const x = (value: number) => labelWidth + (value / 100) * plot;
  const parts: string[] = [];
  for (const tick of [0, 25, 50, 75, 100]) {
    parts.push(
      `<line x1="${x(tick)}" x2="${x(tick)}" y1="0" y2="${rows.length * rowHeight}" stroke="${tick === 0 ? '#cbd5e1' : '#eef2f6'}"/>`,
      `<text x="${x(tick)}" y="${height - 6}" font-size="11" fill="#64748b" text-anchor="middle">${tick}%</text>`,
    );
  }
  rows.forEach(([label, value], index) => {
    const top = index * rowHeight + 9;
    parts.push(
      `<text x="0" y="${top + 14}" font-size="12.5" fill="#0f1f2e">${label}</text>`,
      `<rect x="${labelWidth}" y="${top}" width="${(x(value) - labelWidth).toFixed(1)}" height="20" rx="4" fill="#5dd47f"/>`,
      `<text x="${(x(value) + 6).toFixed(1)}" y="${top + 14}" font-size="12" font-weight="700" fill="#1d5e38">${value}%</text>`,
    );
  });
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Inter, sans-serif" role="img">${parts.join('')}</svg>`;
}

/*
 * Hero visuals: one focused product panel per page, 800 x 600 CSS px at 2x. The same HTML
 * rendered 380 px wide (class `phone`) keeps only the main panel, at a size a phone can
 * read: the "crop" that phones get.
 */
const HERO_CSS = `
body { font-size: 14px; }
.hero { width: 800px; height: 600px; display: flex; flex-direction: column; overflow: hidden; background: #f5f7f9; }
.hbar { height: 46px; flex: none; background: #0f1f2e; color: #fff; display: flex; align-items: center; gap: 10px; padding: 0 16px; font-weight: 700; font-size: 15px; }
.hbar .crumb { color: #8aa0b3; font-weight: 500; font-size: 13px; display: flex; align-items: center; gap: 6px; }
.hbar .tenant { margin-left: auto; font-size: 12.5px; color: #c8d3dd; font-weight: 500; }
.hbody { flex: 1; min-height: 0; display: grid; grid-template-columns: 380px 1fr; gap: 14px; padding: 14px; }
.hbody > * { min-width: 0; }
.stack { display: flex; flex-direction: column; gap: 14px; min-height: 0; }
.panel { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 16px; }
.panel h2 { font-size: 15px; font-weight: 700; display: flex; align-items: center; gap: 8px; margin-bottom: 12px; }
.panel h2 svg { color: #237745; }
.muted-text { color: #64748b; font-size: 12.5px; }
.tiles { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; margin-bottom: 12px; }
.tile { border-radius: 10px; background: #f8fafc; border: 1px solid #eef2f6; padding: 10px 12px; }
.tile b { display: block; font-size: 22px; letter-spacing: -0.02em; margin-top: 2px; }
.tile span { font-size: 12px; color: #64748b; font-weight: 500; }
.srow { display: grid; grid-template-columns: 1fr 92px 46px; align-items: center; gap: 10px; padding: 8px 0; border-top: 1px solid #eef2f6; font-size: 13px; }
.supplier { padding: 8px 0; border-top: 1px solid #eef2f6; font-size: 13px; }
.supplier .line { display: grid; grid-template-columns: 1fr 50px 64px; align-items: center; gap: 10px; margin-top: 5px; }
.supplier .line .pct { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.supplier .line .badge { justify-self: end; }
.srow .name { display: flex; align-items: center; gap: 8px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.srow .name svg { color: #64748b; flex: none; }
.srow .pct { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.ico { width: 30px; height: 30px; border-radius: 8px; display: grid; place-items: center; flex: none; }
.ico.mfr { background: #dbeafe; color: #1d4ed8; } .ico.sup { background: #dcfce7; color: #15803d; } .ico.plt { background: #f3e8ff; color: #7e22ce; } .ico.ok { background: #dcfce7; color: #166534; }
.fix { display: grid; grid-template-columns: 1fr auto; gap: 4px 10px; align-items: center; padding: 10px 0; border-top: 1px solid #eef2f6; }
.fix .what { font-size: 12.5px; color: #475569; }
.fix .vals { display: flex; align-items: center; gap: 8px; font-size: 13px; }
.old { color: #991b1b; text-decoration: line-through; }
.new { color: #166534; font-weight: 700; }
.btn.sm { height: 30px; padding: 0 12px; font-size: 12.5px; white-space: nowrap; flex: none; }
.check { display: flex; align-items: flex-start; gap: 10px; padding: 7px 0; font-size: 13px; }
.check svg { color: #237745; flex: none; margin-top: 1px; }
.step { display: grid; grid-template-columns: 30px 1fr; gap: 10px; padding: 8px 0; position: relative; }
.step + .step::before { content: ''; position: absolute; left: 14px; top: -8px; height: 14px; border-left: 2px solid #cbd5e1; }
.step .t { font-weight: 700; font-size: 13.5px; }
.step .d { font-size: 12.5px; color: #475569; margin-top: 1px; }
.kv { display: grid; grid-template-columns: 130px 1fr; gap: 8px 12px; font-size: 13px; }
.kv dt { color: #64748b; } .kv dd { font-weight: 600; }
.logrow { display: grid; grid-template-columns: 44px 1fr; gap: 10px; padding: 8px 0; border-top: 1px solid #eef2f6; font-size: 12.5px; }
.logrow .time { color: #64748b; font-variant-numeric: tabular-nums; }
.arrow { display: flex; align-items: center; gap: 8px; color: #7e22ce; font-size: 12.5px; font-weight: 600; padding: 8px 0 8px 4px; }
.token { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 15px; font-weight: 700; color: #0f1f2e; background: #f3e8ff; border-radius: 8px; padding: 10px 12px; display: flex; align-items: center; gap: 8px; }
.phone .hero { width: 380px; height: 460px; }
.phone .hbody { grid-template-columns: 1fr; padding: 12px; }
.phone .wide, .phone .hbar .crumb, .phone .hbar .role { display: none; }
.foot-note { margin-top: auto; padding-top: 10px; color: #64748b; font-size: 12px; display: flex; align-items: center; gap: 6px; }
.phone .foot-note, .phone .desk-only { display: none; }
`;

function hero({
  crumb,
  tenant,
  main,
  wide,
}: {
  crumb: string;
  tenant: string;
  main: string;
  wide: string;
}): string {
  const mark = MARK.replace('width="30" height="30"', 'width="24" height="24"');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}${HERO_CSS}</style></head><body>
<div class="hero"><div class="hbar">${mark}PharmaBridge<span class="crumb">${iconSvg('arrow', 13)}${crumb}</span><span class="tenant">${tenant.replace(/ · (\w+)$/, '<span class="role"> · $1</span>')}</span></div>
<div class="hbody"><div class="stack">${main}</div><div class="stack wide">${wide}</div></div></div></body></html>`;
}

function heroManufacturers(): string {
  const suppliers = [
    ['Northwind Specialty Pharmacy', 99.6, 'ok', 'On time'],
    ['Harborview Health Distribution', 98.9, 'ok', 'On time'],
    ['Lakeshore Specialty Rx', 99.9, 'ok', 'On time'],
    ['Cedar Ridge Infusion Services', 96.2, 'medium', '3 open'],
    ['Summit Patient Services Hub', 91.4, 'high', '14 open'],
  ] as const;
  const rows = suppliers
    .map(
      ([name, rate, level, status], index) =>
        `<div class="supplier${index === suppliers.length - 1 ? ' desk-only' : ''}"><div class="name" style="font-weight:600;display:flex;align-items:center;gap:8px">${iconSvg('users', 15)}${name}</div><div class="line"><span class="bar"><span style="width:${rate}%"></span></span><span class="pct">${rate}%</span><span class="badge ${level}">${status}</span></div></div>`,
    )
    .join('');
  const chart = barChart({
    width: 340,
    height: 250,
    values: [412, 305, 188, 97, 61, 38],
    labels: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
    max: 500,
    step: 100,
    tick: (v) => String(v),
    valueLabels: 'all',
    value: (v) => String(v),
    yTitle: 'Exceptions',
  });
  return hero({
    crumb: 'Suppliers',
    tenant: 'Meridian Therapeutics · Manufacturer',
    main: `<div class="panel" style="flex:1;display:flex;flex-direction:column"><h2>${iconSvg('chart', 18)}Supplier compliance · June</h2>
<div class="tiles"><div class="tile"><span>Records passing</span><b>99.2%</b></div><div class="tile"><span>Open exceptions</span><b style="color:#b91c1c">37</b></div></div>
<div class="muted-text" style="font-weight:600;padding-bottom:6px">Records passing, by supplier</div>${rows}
<div class="foot-note">${iconSvg('clock', 14)}Last delivery today 06:12 ET</div></div>`,
    wide: `<div class="panel"><h2>${iconSvg('alert', 18)}Exceptions reaching analytics</h2><p class="muted-text" style="margin:-6px 0 10px">Per month, all suppliers · live since February</p>${chart}</div>
<div class="panel" style="flex:1"><h2>${iconSvg('contract', 18)}Specialty Pharmacy Data Agreement</h2><div class="kv"><dt>Version</dt><dd>3.2 · published</dd><dt>Rules</dt><dd>214 machine-readable</dd><dt>Suppliers</dt><dd>6 active</dd></div></div>`,
  });
}

function heroSuppliers(): string {
  const fixes = [
    ['Row 4,502 · payer_type', 'COMM', 'COMMERCIAL'],
    ['Row 6,117 · dispense_date', '2025-06-31', '2025-06-30'],
    ['Row 9,840 · ndc_11', '5024-1203-01', '05024-1203-01'],
  ] as const;
  const fixRows = fixes
    .map(
      ([what, from, to], index) =>
        `<div class="fix${index === fixes.length - 1 ? ' desk-only' : ''}"><span class="what">${what}</span><span class="btn sm primary">Apply</span><span class="vals mono"><span class="old">${from}</span>${iconSvg('arrow', 14)}<span class="new">${to}</span></span></div>`,
    )
    .join('');
  const checks = [
    ['48 fields, each with its format and code list'],
    ['CSV, Excel, XML or JSON, up to 2 GB'],
    ['Daily dispense file by 23:59 ET'],
    ['Patient identifiers tokenized at upload'],
  ];
  return hero({
    crumb: 'Upload data',
    tenant: 'Northwind Specialty Pharmacy · Supplier',
    main: `<div class="panel" style="flex:1;display:flex;flex-direction:column"><h2>${iconSvg('upload', 18)}Validating nsp_dispense_0614.csv</h2>
<div class="bar" style="height:10px"><span style="width:100%"></span></div>
<div class="muted-text" style="display:flex;justify-content:space-between;margin:6px 0 12px"><span>18,206 of 18,206 rows checked</span><span>41 ms per batch</span></div>
<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:8px">
<div style="background:#dcfce7;border-radius:10px;padding:10px"><div style="font-size:20px;font-weight:700;color:#166534">18,189</div><div style="font-size:12px;color:#166534">passed</div></div>
<div style="background:#fef9c3;border-radius:10px;padding:10px"><div style="font-size:20px;font-weight:700;color:#854d0e">14</div><div style="font-size:12px;color:#854d0e">warnings</div></div>
<div style="background:#fee2e2;border-radius:10px;padding:10px"><div style="font-size:20px;font-weight:700;color:#991b1b">3</div><div style="font-size:12px;color:#991b1b">to fix</div></div></div>
<div style="font-weight:700;margin:14px 0 2px;display:flex;align-items:center;gap:8px">${iconSvg('refresh', 16)}Fix inline</div>${fixRows}
<div class="foot-note" style="justify-content:space-between"><span>Fixes are revalidated before you submit</span><span class="btn sm">Revalidate 3 rows</span></div></div>`,
    wide: `<div class="panel"><h2>${iconSvg('clipboard', 18)}Meridian Therapeutics requires</h2>${checks.map(([text]) => `<div class="check">${iconSvg('check', 16, 2.4)}${text}</div>`).join('')}</div>
<div class="panel" style="flex:1"><h2>${iconSvg('list', 18)}Recent submissions</h2>
<div class="srow" style="grid-template-columns:1fr auto"><span class="name mono" style="font-weight:500">nsp_dispense_0613.xml</span><span class="badge ok">Delivered</span></div>
<div class="srow" style="grid-template-columns:1fr auto"><span class="name mono" style="font-weight:500">nsp_status_0613.xlsx</span><span class="badge ok">Accepted</span></div>
<div class="srow" style="grid-template-columns:1fr auto"><span class="name mono" style="font-weight:500">nsp_inventory_0612.json</span><span class="badge ok">Delivered</span></div>
<div class="srow" style="grid-template-columns:1fr auto"><span class="name mono" style="font-weight:500">nsp_dispense_0612.csv</span><span class="badge ok">Delivered</span></div>
<div class="srow" style="grid-template-columns:1fr auto"><span class="name mono" style="font-weight:500">nsp_status_0612.xlsx</span><span class="badge medium">Restated</span></div></div>`,
  });
}

function heroPlatformSecurity(): string {
  const fields = ['first_name', 'last_name', 'date_of_birth', 'zip3'];
  const log = [
    ['06:41', 'J. Lee published contract v3.2'],
    ['06:12', 'Delivered nsp_dispense_0614.csv, manifest signed'],
    ['05:58', 'R. Kim uploaded nsp_dispense_0614.csv'],
    ['05:58', '18,206 patient tokens issued'],
    ['05:41', 'Key rotation check passed'],
    ['05:30', 'M. Ortiz exported the June audit report'],
  ];
  return hero({
    crumb: 'Tokenization',
    tenant: 'Meridian Therapeutics · Platform',
    main: `<div class="panel" style="flex:1;display:flex;flex-direction:column"><h2>${iconSvg('key', 18)}Deterministic tokenization</h2>
<p class="muted-text" style="margin-bottom:8px">As received from the supplier · never stored</p>
<div style="display:grid;grid-template-columns:1fr 1fr;gap:8px">${fields.map((field) => `<div class="input mono" style="height:34px;gap:8px;color:#475569">${iconSvg('lock', 14)}${field}</div>`).join('')}</div>
<div class="arrow">${iconSvg('arrow', 16)}Normalized, then HMAC-SHA-256 with your tenant key</div>
<div class="token">${iconSvg('key', 16)}tok_8f3a…c21e</div>
<div class="check" style="margin-top:10px">${iconSvg('check', 16, 2.4)}<span>Same patient from Harborview Health Distribution: <b>tok_8f3a…c21e</b></span></div>
<div class="check">${iconSvg('check', 16, 2.4)}<span>Source values discarded after tokenization</span></div>
<div class="tiles desk-only" style="margin:auto 0 0"><div class="tile"><span>Tokens issued today</span><b>18,206</b></div><div class="tile"><span>Matched across suppliers</span><b>2,941</b></div></div></div>`,
    wide: `<div class="panel"><h2>${iconSvg('shield', 18)}Protection</h2>
<div class="check">${iconSvg('lock', 16)}<span><b>256-bit AES at rest</b><br><span class="muted-text">Per-tenant keys, rotated yearly</span></span></div>
<div class="check">${iconSvg('globe', 16)}<span><b>TLS 1.3 in transit</b><br><span class="muted-text">Every connection, portal and API</span></span></div>
<div class="check">${iconSvg('server', 16)}<span><b>Tenant isolation</b><br><span class="muted-text">Own keys, token space and rate limit</span></span></div></div>
<div class="panel" style="flex:1"><h2>${iconSvg('eye', 18)}Audit log · today</h2>${log.map(([time, text]) => `<div class="logrow"><span class="time">${time}</span><span>${text}</span></div>`).join('')}</div>`,
  });
}

function heroSolutions(): string {
  const partners: [IconName, string, string, string, string][] = [
    ['pill', 'sup', 'Northwind Specialty Pharmacy', 'Specialty pharmacy', '99%'],
    ['pill', 'sup', 'Lakeshore Specialty Rx', 'Specialty pharmacy', '98%'],
    ['users', 'mfr', 'Summit Patient Services Hub', 'Patient services hub', '96%'],
    ['send', 'plt', 'Harborview Health Distribution', 'Distributor', '99%'],
    ['flask', 'mfr', 'Brightline Clinical Research', 'Research organization', '94%'],
    ['pill', 'sup', 'Cascade Oncology Pharmacy', 'Specialty pharmacy', '97%'],
    ['send', 'plt', 'Riverbend Wholesale', 'Distributor', '99%'],
  ];
  const rows = partners
    .map(
      ([icon, tone, name, type, onTime], index) =>
        `<div class="srow${index >= 5 ? ' desk-only' : ''}" style="grid-template-columns:30px 1fr auto"><span class="ico ${tone}">${iconSvg(icon, 16)}</span><span style="min-width:0"><span class="name" style="display:block">${name}</span><span class="muted-text">${type}</span></span><span class="pct">${onTime}</span></div>`,
    )
    .join('');
  return hero({
    crumb: 'Data network',
    tenant: 'Meridian Therapeutics · Manufacturer',
    main: `<div class="panel" style="flex:1"><h2>${iconSvg('link', 18)}Data network · 7 partners</h2>
<div class="muted-text" style="display:flex;justify-content:space-between;font-weight:600;padding-bottom:6px"><span>Partner and type</span><span>On time</span></div>${rows}</div>`,
    wide: `<div class="panel"><h2>${iconSvg('chart', 18)}On-time submissions by partner type</h2><p class="muted-text" style="margin:-6px 0 12px">Last 90 days</p>${percentBars(
      [
        ['Specialty pharmacies', 98],
        ['Patient services hubs', 96],
        ['Distributors', 99],
        ['Research organizations', 94],
      ],
      360,
    )}</div>
<div class="panel" style="flex:1"><h2>${iconSvg('contract', 18)}Contracts</h2><div class="kv"><dt>Specialty pharmacy</dt><dd>v3.2 · 214 rules</dd><dt>Hub services</dt><dd>v1.4 · 96 rules</dd><dt>Clinical research</dt><dd>v2.0 · 131 rules</dd><dt>Distribution</dt><dd>v1.1 · 58 rules</dd></div><div class="check" style="margin-top:12px">${iconSvg('check', 16, 2.4)}<span>Each partner validates against its own contract</span></div></div>`,
  });
}

function heroHowItWorks(): string {
  const steps: [IconName, string, string, string][] = [
    ['contract', 'mfr', 'Set & Share Requirements', 'Contract v3.2 published to 6 suppliers'],
    ['upload', 'sup', 'Upload, Validate & Verify', '18,206 rows checked, 3 fixed inline'],
    ['key', 'plt', 'Deterministic Tokenization', '18,206 patient tokens, no PHI passed on'],
    ['link', 'plt', 'Patient Mastering & ID Linking', '4,118 master patient IDs matched'],
    ['check', 'mfr', 'Deliver & Trust', 'Delivered 06:12 ET, manifest signed'],
  ];
  return hero({
    crumb: 'Submissions',
    tenant: 'Meridian Therapeutics · Manufacturer',
    main: `<div class="panel" style="flex:1;display:flex;flex-direction:column"><h2>${iconSvg('file', 18)}nsp_dispense_0614.csv</h2>
<p class="muted-text" style="margin:-6px 0 6px">Northwind Specialty Pharmacy · all five steps done</p>
${steps.map(([icon, tone, title, detail], index) => `<div class="step"><span class="ico ${tone}">${iconSvg(icon, 16)}</span><span><span class="t">${index + 1}. ${title}</span><div class="d">${detail}</div></span></div>`).join('')}
<div class="foot-note">${iconSvg('clock', 14)}Uploaded 05:56 ET, delivered 06:12 ET: 16 minutes</div></div>`,
    wide: `<div class="panel" style="flex:1"><h2>${iconSvg('send', 18)}Delivery manifest</h2><div class="kv" style="grid-template-columns:120px 1fr"><dt>Destination</dt><dd>Analytics warehouse</dd><dt>Records</dt><dd>18,206 delivered</dd><dt>Fixed inline</dt><dd>3 rows, revalidated</dd><dt>Tokens</dt><dd>18,206 deterministic</dd><dt>Master IDs</dt><dd>4,118 linked</dd><dt>Signature</dt><dd class="mono" style="font-size:12px">sha256 7c1e…94ab</dd></div>
<div class="check" style="margin-top:10px">${iconSvg('check', 16, 2.4)}<span>Every step recorded in the audit log</span></div></div>
<div class="panel"><h2>${iconSvg('clock', 18)}Upload to delivery, last 7 files</h2>${barChart({
      width: 340,
      height: 170,
      values: [19, 14, 17, 12, 15, 13, 16],
      labels: ['8 Jun', '9 Jun', '10 Jun', '11 Jun', '12 Jun', '13 Jun', '14 Jun'],
      max: 20,
      step: 5,
      tick: (v) => String(v),
      valueLabels: 'all',
      value: (v) => String(v),
      yTitle: 'Minutes',
    })}</div>`,
  });
}

const HEROES: Record<HeroVisualName, () => string> = {
  manufacturers: heroManufacturers,
  suppliers: heroSuppliers,
  'platform-security': heroPlatformSecurity,
  solutions: heroSolutions,
  'how-it-works': heroHowItWorks,
};

const SCREENS: Record<string, () => string> = {
  'platform-overview': overview,
  'contract-management': contracts,
  'exception-management': exceptions,
  'exception-remediation': remediation,
  'supplier-portal': supplierPortal,
};

function write(path: string, data: Buffer | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

/** A palette PNG keeps flat UI screens small; fewer colors only when still over budget. */
async function encodePng(raw: Buffer): Promise<Buffer> {
  for (const colors of [256, 128, 64]) {
    const png = await sharp(raw).png({ palette: true, colors, effort: 10 }).toBuffer();
    if (png.length <= PNG_BUDGET || colors === 64) return png;
  }
  throw new Error('unreachable');
}

async function renderScreens(browser: Browser): Promise<void> {
  const page = await browser.newPage({
    viewport: { ...SCREENSHOT },
    deviceScaleFactor: 1,
  });
  for (const [name, html] of Object.entries(SCREENS)) {
    await page.setContent(html(), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const raw = await page.screenshot({ type: 'png' });
    const png = await encodePng(raw);
    write(join(publicDir, 'screenshots', `${name}.png`), png);
    // Full size: lossless WebP of the palette PNG, smaller than a lossy one for flat UI
    // screens and exactly as sharp. The small one is lossy: scaling down adds colors,
    // which makes lossless grow.
    const webp = await sharp(png).webp({ lossless: true, effort: 6 }).toBuffer();
    write(join(publicDir, 'screenshots', `${name}.webp`), webp);
    const small = await sharp(raw)
      .resize({ width: SCREENSHOT_SMALL_WIDTH })
      .webp({ quality: 80 })
      .toBuffer();
    write(join(publicDir, 'screenshots', `${name}-${SCREENSHOT_SMALL_WIDTH}.webp`), small);
    console.log(
      `screenshots/${name}: png ${kb(png.length)}, webp ${kb(webp.length)}, ${SCREENSHOT_SMALL_WIDTH} px webp ${kb(small.length)}`,
    );
  }
  await page.close();
}

/** Each hero visual at 2x (PNG, lossless WebP, 800 px WebP) and its phone crop (PNG, WebP). */
async function renderHeroes(browser: Browser): Promise<void> {
  const desktop = await browser.newPage({
    viewport: {
      width: HERO_VISUAL.width / HERO_VISUAL.scale,
      height: HERO_VISUAL.height / HERO_VISUAL.scale,
    },
    deviceScaleFactor: HERO_VISUAL.scale,
  });
  const phone = await browser.newPage({
    viewport: {
      width: HERO_VISUAL_PHONE.width / HERO_VISUAL.scale,
      height: HERO_VISUAL_PHONE.height / HERO_VISUAL.scale,
    },
    deviceScaleFactor: HERO_VISUAL.scale,
  });
  for (const [name, html] of Object.entries(HEROES)) {
    const base = join(publicDir, 'screenshots', `hero-${name}`);
    await desktop.setContent(html(), { waitUntil: 'load' });
    await desktop.evaluate(() => document.fonts.ready);
    const raw = await desktop.screenshot({ type: 'png' });
    const png = await encodePng(raw);
    write(`${base}.png`, png);
    const webp = await sharp(png).webp({ lossless: true, effort: 6 }).toBuffer();
    write(`${base}.webp`, webp);
    const small = await sharp(raw)
      .resize({ width: SCREENSHOT_SMALL_WIDTH })
      .webp({ quality: 82 })
      .toBuffer();
    write(`${base}-${SCREENSHOT_SMALL_WIDTH}.webp`, small);

    await phone.setContent(html().replace('<html>', '<html class="phone">'), { waitUntil: 'load' });
    await phone.evaluate(() => document.fonts.ready);
    const phoneRaw = await phone.screenshot({ type: 'png' });
    const phonePng = await encodePng(phoneRaw);
    write(`${base}-phone.png`, phonePng);
    const phoneWebp = await sharp(phonePng).webp({ lossless: true, effort: 6 }).toBuffer();
    write(`${base}-phone.webp`, phoneWebp);
    console.log(
      `screenshots/hero-${name}: png ${kb(png.length)}, webp ${kb(webp.length)}, ${SCREENSHOT_SMALL_WIDTH} px webp ${kb(small.length)}; phone png ${kb(phonePng.length)}, webp ${kb(phoneWebp.length)}`,
    );
  }
  await desktop.close();
  await phone.close();
}

async function renderOgImage(browser: Browser): Promise<void> {
  const page = await browser.newPage({
    viewport: { width: 1200, height: 630 },
    deviceScaleFactor: 1,
  });
  await page.setContent(ogImage(), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  const png = await encodePng(await page.screenshot({ type: 'png' }));
  write(join(publicDir, 'og-image.png'), png);
  console.log(`og-image.png: ${kb(png.length)}`);
  await page.close();
}

async function renderPdf(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await page.setContent(specTemplate(), { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({
    format: 'Letter',
    printBackground: true,
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate:
      '<div style="font-size:8px;color:#64748b;width:100%;text-align:center">PharmaBridge · Data Contract Specification Template · page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    tagged: true,
  });
  const pages = (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;
  if (pages < 2 || pages > 4)
    throw new Error(`The spec template has ${pages} pages; keep it to 2-4`);
  const path = join(publicDir, 'downloads', 'pharmabridge-spec-template.pdf');
  write(path, pdf);
  console.log(
    `downloads/pharmabridge-spec-template.pdf: ${pages} pages, ${kb(statSync(path).size)}`,
  );
  await page.close();
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
try {
  // `npm run assets -- heroes` (or screens, og, pdf) renders one group only.
  const only = process.argv[2];
  if (!only || only === 'screens') await renderScreens(browser);
  if (!only || only === 'heroes') await renderHeroes(browser);
  if (!only || only === 'og') await renderOgImage(browser);
  if (!only || only === 'pdf') await renderPdf(browser);
} finally {
  await browser.close();
}
