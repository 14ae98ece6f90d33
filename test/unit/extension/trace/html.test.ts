// The stepper's HTML shell: CSP first and strict, one nonce'd script, resources only from the shipped folders.
import { strict as assert } from 'node:assert';
import { renderMessageHtml, renderTraceHtml, TRACE_RESOURCES } from '../../../../src/extension/trace/html-template';

const html = renderTraceHtml({
  cspSource: 'https://webview.test',
  nonce: 'abc123',
  resource: (p) => `https://webview.test/ext/${p}`,
  title: 'Trace <script>alert(1)</script>',
});

describe('stepper: webview HTML', () => {
  it('puts a strict Content Security Policy first in <head>', () => {
    const head = html.slice(html.indexOf('<head>') + 6).trimStart();
    assert.match(head, /^<meta http-equiv="Content-Security-Policy" content="([^"]+)">/);
    const csp = /content="([^"]+)"/.exec(head)?.[1] ?? '';
    assert.deepEqual(csp.split('; '), [
      "default-src 'none'",
      'style-src https://webview.test',
      'font-src https://webview.test',
      'img-src https://webview.test',
      "script-src 'nonce-abc123'",
    ]);
  });

  it('loads one script, with the nonce, and only the shipped bundle, icon font and stylesheet', () => {
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.match(html, /<script nonce="abc123" src="https:\/\/webview\.test\/ext\/dist\/webview\/trace\.js"><\/script>/);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(
      urls.sort(),
      Object.values(TRACE_RESOURCES)
        .map((p) => `https://webview.test/ext/${p}`)
        .sort(),
    );
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
    assert.doesNotMatch(html, /<style/, 'no inline styles');
  });

  it('escapes the title', () => {
    assert.match(html, /<title>Trace &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/title>/);
  });

  it('gives a message page no script and its text only as text', () => {
    const page = renderMessageHtml('Gone: <img src=x onerror=alert(1)> & more');
    assert.match(page, /content="default-src 'none'"/);
    assert.doesNotMatch(page, /<script|<img/);
    assert.match(page, /<p>Gone: &lt;img src=x onerror=alert\(1\)&gt; &amp; more<\/p>/);
  });
});
