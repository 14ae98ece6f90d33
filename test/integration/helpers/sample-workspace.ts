// The sample workspace as `npm start` and the in-VS-Code tests open it: a temp copy with the reference mirror's
// contracts compiled into it. Made once per test process (the tests only read it) and removed when it exits.
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySampleWorkspace } from '../../../scripts/vscode-real/sample-workspace';

let copy: Promise<string> | undefined;

export function sampleWorkspace(): Promise<string> {
  copy ??= mkdtemp(join(tmpdir(), 'ledger-sample-')).then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return copySampleWorkspace(dir, {});
  });
  return copy;
}
