// package.json's first-run walkthrough: five steps (network, token, the sample transactions, trace, verification),
// each with a button that runs a contributed command, completed by running it, and with media the VSIX ships; the
// sample transactions' page is what scripts/sample-transactions.ts writes from the mirror's case list.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { SAMPLES_MARKDOWN, samplesMarkdown } from '../../../scripts/sample-transactions';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string; altText?: string; markdown?: string };
  completionEvents?: string[];
}
interface Contributes {
  commands: Array<{ command: string }>;
  walkthroughs: Array<{ id: string; title: string; description: string; steps: Step[] }>;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Contributes };
const contributed = new Set(pkg.contributes.commands.map((c) => c.command));
const [walkthrough] = pkg.contributes.walkthroughs ?? [];
/** Commands a step's buttons run: markdown links `[label](command:id)` alone on their line. */
const buttons = (step: Step) =>
  step.description.split('\n').flatMap((line) => /^\[[^\]]+\]\(command:([\w.]+)\)$/.exec(line.trim())?.[1] ?? []);

describe('package.json: first-run walkthrough', () => {
  it('walks through picking a network, showing a token, finding the samples, opening a trace and verifying, in that order', () => {
    assert.ok(walkthrough, 'contributes.walkthroughs is missing');
    assert.equal(pkg.contributes.walkthroughs.length, 1);
    assert.deepEqual(
      walkthrough.steps.map((s) => buttons(s)[0]),
      [
        'ledgerMirror.selectNetwork',
        'ledgerMirror.showToken',
        'ledgerMirror.openTrace',
        'ledgerMirror.openTrace',
        'ledgerMirror.previewVerification',
      ],
    );
  });

  it('lists the sample transactions as the mirror runs them (regenerate: node scripts/run-ts.mjs scripts/sample-transactions.ts --write)', () => {
    const step = walkthrough.steps.find((s) => s.id === 'sampleTransactions');
    assert.equal(step?.media.markdown, 'media/walkthrough/samples.md');
    assert.equal(readFileSync(SAMPLES_MARKDOWN, 'utf8'), samplesMarkdown());
  });

  it('gives every step a button that runs a contributed command, and completes the step when it runs', () => {
    for (const step of walkthrough.steps) {
      const commands = buttons(step);
      assert.ok(commands.length > 0, `${step.id} has no button`);
      for (const command of commands) assert.ok(contributed.has(command), `${step.id}: ${command} is not a contributed command`);
      assert.deepEqual(
        [...(step.completionEvents ?? [])].sort(),
        commands.map((c) => `onCommand:${c}`).sort(),
        `${step.id} completes on its buttons' commands`,
      );
    }
  });

  it('shows media that exists and ships in the VSIX, images with alternative text', () => {
    for (const step of walkthrough.steps) {
      const file = step.media.image ?? step.media.markdown;
      assert.ok(file, `${step.id} has no media`);
      assert.match(file, /^media\//, `${step.id}: media outside media/ is not in the VSIX`);
      assert.ok(existsSync(file), `${step.id}: ${file} does not exist`);
      if (step.media.image) assert.ok(step.media.altText?.trim(), `${step.id}: image without altText`);
    }
  });

  it('links every step to its page of the documentation shipped in docs/', () => {
    assert.ok(contributed.has('ledgerMirror.openDocs'), 'ledgerMirror.openDocs is not a contributed command');
    for (const step of walkthrough.steps) {
      const pages = [...step.description.matchAll(/\]\(command:ledgerMirror\.openDocs\?([^)]+)\)/g)].map(
        (m) => JSON.parse(decodeURIComponent(m[1])) as unknown,
      );
      assert.equal(pages.length, 1, `${step.id} links no docs page`);
      const [page] = pages[0] as string[];
      assert.ok(existsSync(`docs/${page}.md`), `${step.id} links docs/${page}.md, which does not exist`);
    }
  });

  it('uses the README screenshots for the token, trace and verification steps', () => {
    const readme = readFileSync('README.md', 'utf8');
    const images = walkthrough.steps.flatMap((s) => s.media.image ?? []);
    assert.deepEqual(images, ['media/screenshots/tokens.png', 'media/screenshots/trace.png', 'media/screenshots/verify.png']);
    for (const image of images) assert.ok(readme.includes(`](${image})`), `README does not show ${image}`);
  });
});
