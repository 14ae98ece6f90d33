// `node scripts/make-icon.mjs [chromium]`: renders media/icon.png (128×128, the Marketplace and Open VSX icon) from
// media/ledger-mirror.svg, the activity-bar icon: the same drawing, light on the brand's dark tile. Uses the system
// chromium through playwright-core (no browser download); run it again after changing the SVG.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.argv[2] ?? '/usr/bin/chromium';
const svg = readFileSync(new URL('../media/ledger-mirror.svg', import.meta.url), 'utf8').replace(/<svg /, '<svg width="96" height="96" ');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;background:#1f3a5f;color:#e8f1fb;display:flex;align-items:center;justify-content:center">${svg}</div>
</body></html>`;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.screenshot({ path: new URL('../media/icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}
console.log('media/icon.png');
