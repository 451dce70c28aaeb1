// The read-only HTML view beside the API: `/` (the dashboard), `/status/<slug>` (a page as a
// visitor sees it) and the stylesheet. No credential, like a public status page; GET and HEAD only.

import type { Answer } from "../service/http-io";
import type { Store } from "../service/store";
import { renderDashboard } from "./dashboard";
import { html } from "./html";
import { CONTENT_SECURITY_POLICY, documentShell, STYLESHEET, STYLESHEET_PATH } from "./layout";
import { findPage, renderStatusPage } from "./status-page";

const STATUS_PREFIX = "/status/";

/** Whether a path belongs to the view (everything else outside /v1, /admin, /assets is a 404). */
export function isViewPath(path: string): boolean {
  return path === "/" || path === STYLESHEET_PATH || path.startsWith(STATUS_PREFIX);
}

function htmlAnswer(status: number, document: string): Answer {
  return {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      // Each load reads the store afresh: a status set a moment ago shows on the next reload.
      "cache-control": "no-store",
    },
    body: document,
  };
}

function notFoundPage(what: string): Answer {
  const body = html`<main><h1>Not found</h1><p class="muted">${what}</p><p><a href="/">All objects</a></p></main>`;
  return htmlAnswer(404, documentShell({ title: "Not found", body, bodyClass: "not-found" }));
}

/** Answers one view request; the caller sends it (HEAD included: `send` writes the headers, the body is dropped). */
export function handleView(store: Store, method: string, path: string): Answer {
  if (method !== "GET" && method !== "HEAD") {
    return {
      status: 405,
      headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
      body: "the view is read-only: use GET\n",
    };
  }
  if (path === STYLESHEET_PATH) {
    return { status: 200, headers: { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" }, body: STYLESHEET };
  }
  if (path === "/") return htmlAnswer(200, renderDashboard(store));
  let key = path.slice(STATUS_PREFIX.length);
  try {
    key = decodeURIComponent(key);
  } catch {
    return notFoundPage(`No status page at ${path}.`);
  }
  const page = key === "" ? undefined : findPage(store, key);
  if (!page) return notFoundPage(`No status page has the slug or uuid "${key}".`);
  return htmlAnswer(200, renderStatusPage(store, page));
}
