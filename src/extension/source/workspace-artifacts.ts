// The build output of the open workspace folders, discovered on first use and again after a compile changes it.
import * as vscode from 'vscode';
import { discoverArtifacts } from '../../core/sourcemap/discover';
import { ArtifactIndex } from '../../core/sourcemap/match';
import { SourceFiles } from '../../core/sourcemap/source-files';

export interface WorkspaceBuild {
  index: ArtifactIndex;
  /** Source texts, shared by every trace mapped against this build. */
  files: SourceFiles;
}

/** A compile writes many files: wait for it to settle before reading them again. */
const SETTLE_MS = 500;
/** Where Hardhat, Ignition and Foundry write what discovery reads (and Foundry's cache, which may name other folders). */
const WATCHED = '**/{artifacts,out,cache,ignition}/**/*.json';

export class WorkspaceArtifacts implements vscode.Disposable {
  private build: Promise<WorkspaceBuild> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Fires after the build output changed (the next `current()` reads it again). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {
    const watcher = vscode.workspace.createFileSystemWatcher(WATCHED);
    const invalidate = () => this.invalidateSoon();
    this.disposables.push(watcher, watcher.onDidCreate(invalidate), watcher.onDidChange(invalidate), watcher.onDidDelete(invalidate));
    this.disposables.push(vscode.workspace.onDidChangeWorkspaceFolders(invalidate));
  }

  current(): Promise<WorkspaceBuild> {
    this.build ??= this.discover().catch((err: unknown) => {
      this.build = undefined;
      throw err;
    });
    return this.build;
  }

  private async discover(): Promise<WorkspaceBuild> {
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const found = await Promise.all(roots.map((root) => discoverArtifacts(root)));
    const artifacts = found.flatMap((d) => d.artifacts);
    for (const problem of found.flatMap((d) => d.problems)) this.log.warn(`Build output skipped: ${problem}`);
    this.log.info(
      `Source stepping: ${artifacts.length} compiled contract${artifacts.length === 1 ? '' : 's'} with source maps in ${roots.length} folder${roots.length === 1 ? '' : 's'}`,
    );
    return { index: new ArtifactIndex(artifacts), files: new SourceFiles((message) => this.log.warn(`Source stepping: ${message}`)) };
  }

  private invalidateSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.build = undefined;
      this.changed.fire();
    }, SETTLE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
