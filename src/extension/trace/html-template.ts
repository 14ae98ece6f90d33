// The stepper's HTML shell: CSP first, nothing inline but one nonce'd script tag, every resource from the
// extension's own media/ and dist/webview/ folders. Pure, so the browser benchmark serves the very same page.

export interface TraceHtmlOptions {
  /** The webview's `cspSource`. */
  cspSource: string;
  nonce: string;
  /** URL the webview can load for a path inside the extension, e.g. `dist/webview/trace.js`. */
  resource(path: string): string;
  title: string;
}

/** Paths (inside the extension) the shell loads; `localResourceRoots` must cover them. */
export const TRACE_RESOURCES = { script: 'dist/webview/trace.js', iconFont: 'dist/webview/trace.css', style: 'media/trace.css' } as const;

export function renderTraceHtml(o: TraceHtmlOptions): string {
  const csp = [
    "default-src 'none'",
    `style-src ${o.cspSource}`,
    `font-src ${o.cspSource}`,
    `img-src ${o.cspSource}`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${o.resource(TRACE_RESOURCES.iconFont)}">
<link rel="stylesheet" href="${o.resource(TRACE_RESOURCES.style)}">
<title>${escapeHtml(o.title)}</title>
</head>
<body>
<div id="app"><p class="empty">Loading trace…</p></div>
<script nonce="${o.nonce}" src="${o.resource(TRACE_RESOURCES.script)}"></script>
</body>
</html>`;
}

/** A script-less page holding one sentence, for a panel that cannot show its trace. */
export function renderMessageHtml(text: string): string {
  return `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body><p>${escapeHtml(text)}</p></body></html>`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
