// A temporary copy of the sample workspace pointed at a running reference mirror. The URL changes every run
// (free port), so it goes into the copy, never into the committed test/vscode/workspace/.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './tools';

const sampleWorkspace = join(projectRoot, 'test/vscode/workspace');

/** Copies the sample workspace to `dir` with `ledgerMirror.mirrorUrl` set to `mirrorUrl`; returns `dir`. */
export function copySampleWorkspace(dir: string, mirrorUrl: string): string {
  cpSync(sampleWorkspace, dir, { recursive: true });
  const settingsFile = join(dir, '.vscode/settings.json');
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(settingsFile, JSON.stringify({ ...settings, 'ledgerMirror.mirrorUrl': mirrorUrl }, null, 2) + '\n');
  return dir;
}
