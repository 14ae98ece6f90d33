import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { safeLogChannel } from '../../../src/extension/safe-log';

/** A stand-in for the output channel that records what each writer receives. */
function recordingChannel() {
  const written: Array<[string, unknown[]]> = [];
  const writer =
    (name: string) =>
    (...args: unknown[]) =>
      void written.push([name, args]);
  const channel = {
    name: 'Ledger Mirror',
    logLevel: 2,
    info: writer('info'),
    warn: writer('warn'),
    error: writer('error'),
    appendLine: writer('appendLine'),
    show: writer('show'),
  };
  return { channel: channel as unknown as vscode.LogOutputChannel, written };
}

describe('safe log channel', () => {
  it('escapes control characters in every line and error written, keeping newlines', () => {
    const { channel, written } = recordingChannel();
    const log = safeLogChannel(channel);
    log.info('GET http://x/\x1b]0;t\x07 → 200');
    log.warn('two\nlines\u202e');
    log.error('Trace failed:', new Error('revert \x1b[2J'));
    log.appendLine('\u009b31m');
    assert.deepEqual(written.slice(0, 2), [
      ['info', ['GET http://x/\\x1b]0;t\\x07 → 200']],
      ['warn', ['two\nlines\\u202e']],
    ]);
    assert.equal(written[2][0], 'error');
    assert.equal(written[2][1][0], 'Trace failed:');
    assert.match(written[2][1][1] as string, /^Error: revert \\x1b\[2J\n\s+at /);
    assert.deepEqual(written[3], ['appendLine', ['\\x9b31m']]);
  });

  it('passes everything else through', () => {
    const { channel, written } = recordingChannel();
    const log = safeLogChannel(channel);
    assert.equal(log.name, 'Ledger Mirror');
    assert.equal(log.logLevel, 2);
    log.show();
    assert.deepEqual(written, [['show', []]]);
  });
});
