// A temporary copy of the sample workspace pointed at the running reference servers. Their URLs change every run
// (free port), so it goes into the copy, never into the committed test/vscode/workspace/.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './tools';

const sampleWorkspace = join(projectRoot, 'test/vscode/workspace');

/** Copies the sample workspace to `dir` with `settings` (the running servers' URLs) added; returns `dir`. */
export function copySampleWorkspace(dir: string, settings: Record<string, string>): string {
  cpSync(sampleWorkspace, dir, { recursive: true });
  const settingsFile = join(dir, '.vscode/settings.json');
  const committed = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(settingsFile, JSON.stringify({ ...committed, ...settings }, null, 2) + '\n');
  return dir;
}
