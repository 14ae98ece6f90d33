// Where a trace panel's names come from: the ABIs of the open workspace folders' build output (one reader per
// folder, so files are parsed again only once they change) and, for a trace fetched from the network, the mirror's
// contract result and actions. Names are a bonus: nothing here ever fails the trace; what is missing is logged.
import * as vscode from 'vscode';
import { BuildOutputReader } from '../../core/build-output/reader';
import { partialActionsNote, type ContractAction, type ContractResult } from '../../core/contract-results';
import type { MirrorClient } from '../../core/mirror/client';
import { AbiRegistry } from '../../core/names/registry';
import { safeLine } from '../../core/safe-text';
import type { NameSources } from '../../core/session/names';

export interface MirrorNames {
  result: ContractResult | null;
  actions: ContractAction[] | null;
  note: string | null;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class WorkspaceNames {
  private readonly readers = new Map<string, BuildOutputReader>();

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /**
   * Every ABI in the open (trusted, on-disk) workspace folders' build output (empty when there is none), with the
   * enum members they name; `note` says which enum names were left out.
   */
  async abis(): Promise<{ abis: AbiRegistry; note: string | null }> {
    if (!vscode.workspace.isTrusted) return { abis: new AbiRegistry(), note: null };
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const outputs = await Promise.all(
      roots.map((root) => {
        let reader = this.readers.get(root);
        if (!reader) this.readers.set(root, (reader = new BuildOutputReader(root)));
        return reader.read().catch((err: unknown) => {
          this.log.warn(safeLine(`Trace names: the build output of ${root} could not be read: ${reason(err)}`));
          return { contracts: [], problems: [] };
        });
      }),
    );
    const abis = AbiRegistry.fromContracts(outputs.flatMap((o) => o.contracts));
    const note = await abis.loadEnums();
    if (note) this.log.warn(safeLine(`Trace names: ${note}`));
    return { abis, note: note && safeLine(note) };
  }

  /** The contract result and actions of `transaction`, read in parallel; a part that fails is null, with why. */
  async fromMirror(mirror: MirrorClient, transaction: string): Promise<MirrorNames> {
    const [result, actions] = await Promise.allSettled([mirror.contractResult(transaction), mirror.contractActions(transaction)]);
    const notes: string[] = [];
    if (result.status === 'rejected') notes.push(`the contract result could not be read (${reason(result.reason)})`);
    if (actions.status === 'rejected') notes.push(`the call actions could not be read (${reason(actions.reason)})`);
    const partial = actions.status === 'fulfilled' ? partialActionsNote(actions.value) : null;
    if (partial) notes.push(partial);
    const note = notes.length ? safeLine(`Names are partial: ${notes.join('; ')}.`) : null;
    if (note) this.log.warn(`Trace ${safeLine(transaction)}: ${note}`);
    return {
      result: result.status === 'fulfilled' ? result.value.result : null,
      actions: actions.status === 'fulfilled' ? actions.value.actions : null,
      note,
    };
  }

  /**
   * What names a trace: the workspace's ABIs, with the mirror's result and actions when they were read. Never
   * rejects (it may be started long before anyone awaits it): what fails is left out and logged.
   */
  async sources(mirror?: Promise<MirrorNames>): Promise<NameSources> {
    const [workspace, fromMirror] = await Promise.all([
      this.abis().catch((err: unknown) => {
        this.log.warn(safeLine(`Trace names: the workspace's ABIs could not be read: ${reason(err)}`));
        return { abis: new AbiRegistry(), note: null };
      }),
      mirror ?? Promise.resolve<MirrorNames>({ result: null, actions: null, note: null }),
    ]);
    const notes = [fromMirror.note, workspace.note].filter((n) => n !== null);
    return { abis: workspace.abis, ...fromMirror, note: notes.length ? notes.join(' ') : null };
  }
}
