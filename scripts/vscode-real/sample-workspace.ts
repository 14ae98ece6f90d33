// A temporary copy of the sample workspace pointed at the running reference servers. Their URLs change every run
// (free port), so it goes into the copy, never into the committed test/vscode/workspace/. So do the contracts and
// their Hardhat build output: generated from servers/mirror/contracts, the only committed copy of the sources.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBuildInfo } from '../../servers/mirror/evm/index';
import { projectRoot } from './tools';

const sampleWorkspace = join(projectRoot, 'test/vscode/workspace');

/**
 * Copies the sample workspace to `dir` with `settings` (the running servers' URLs) added, and compiles the reference
 * mirror's contracts into it (`contracts/`, `artifacts/`); returns `dir`.
 */
export async function copySampleWorkspace(dir: string, settings: Record<string, unknown>): Promise<string> {
  cpSync(sampleWorkspace, dir, { recursive: true });
  const settingsFile = join(dir, '.vscode/settings.json');
  const committed = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(settingsFile, JSON.stringify({ ...committed, ...settings }, null, 2) + '\n');
  await writeBuildInfo(dir);
  return dir;
}
