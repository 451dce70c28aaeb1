// The HTML document around every view, and its one stylesheet (served at /view.css so the
// Content-Security-Policy can forbid inline styles and every script).

import { html, SafeHtml } from "./html";

export const STYLESHEET_PATH = "/view.css";

/** No script at all, images and styles from this origin only: a defence behind the escaping. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function documentShell(options: { title: string; faviconPath?: string | null; body: SafeHtml; bodyClass: string }): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
${options.faviconPath ? html`<link rel="icon" href="${options.faviconPath}">` : null}
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body class="${options.bodyClass}">
${options.body}
</body>
</html>
`.text;
}

export const STYLESHEET = `
:root { --up: #1f8b4c; --maintenance: #2f6fb5; --degraded: #b7791f; --disrupted: #d0641a; --down: #c53030;
  --ink: #1d2430; --muted: #5f6b7a; --line: #e3e7ec; --panel: #ffffff; --ground: #f4f6f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: var(--ground); }
main { max-width: 760px; margin: 0 auto; padding: 32px 20px 48px; }
body.dashboard main { max-width: 1100px; }
header.page { text-align: center; margin-bottom: 24px; }
header.page img.logo { max-height: 56px; max-width: 280px; display: block; margin: 0 auto 12px; }
h1 { font-size: 26px; margin: 0 0 6px; overflow-wrap: anywhere; }
h2 { font-size: 17px; margin: 28px 0 10px; }
p.description, .muted { color: var(--muted); overflow-wrap: anywhere; }
.banner { border-radius: 8px; padding: 14px 18px; color: #fff; font-weight: 600; margin: 20px 0; }
.banner.up { background: var(--up); } .banner.maintenance { background: var(--maintenance); }
.banner.degraded { background: var(--degraded); } .banner.disrupted { background: var(--disrupted); }
.banner.down { background: var(--down); }
ol.items { list-style: none; margin: 0; padding: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
ol.items li { display: flex; justify-content: space-between; align-items: center; gap: 16px; padding: 12px 16px; border-top: 1px solid var(--line); }
ol.items li:first-child { border-top: 0; }
.item-name { font-weight: 500; overflow-wrap: anywhere; }
.status { font-size: 13px; font-weight: 600; white-space: nowrap; }
.status::before { content: ""; display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-right: 6px; background: currentColor; }
.status.up { color: var(--up); } .status.maintenance { color: var(--maintenance); } .status.degraded { color: var(--degraded); }
.status.disrupted { color: var(--disrupted); } .status.down { color: var(--down); } .status.unknown { color: var(--muted); }
section.group { margin-top: 18px; }
section.group h2 { display: flex; justify-content: space-between; margin: 0 0 8px; }
.empty { background: var(--panel); border: 1px dashed var(--line); border-radius: 8px; padding: 24px; text-align: center; color: var(--muted); }
footer { margin-top: 32px; font-size: 12px; color: var(--muted); text-align: center; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; background: var(--panel); border: 1px solid var(--line); font-size: 14px; }
th, td { text-align: left; padding: 8px 10px; border-top: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
th { background: #eef1f4; font-weight: 600; }
code { font-size: 12px; }
.flag { display: inline-block; font-size: 12px; padding: 0 6px; margin: 0 4px 2px 0; border-radius: 4px; background: #eef1f4; }
`;
