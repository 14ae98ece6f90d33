// Names in `ledger-mirror trace`: the ABIs of the build output folders (--build-output, default the current folder)
// and the transaction's actions from the mirror, turned into the `calls` array and `revert.name/signature/args` of
// --json and the named lines of the summary. Names are a bonus: failing to read them never fails the command.
import { stat } from 'node:fs/promises';
import { BuildOutputReader } from '../core/build-output/reader';
import { partialActionsNote, type ContractAction } from '../core/contract-results';
import { ApiError } from '../core/errors';
import type { MirrorClient } from '../core/mirror/client';
import { describeCall, type NamedCall } from '../core/names/call-names';
import { argsObject, decodeError, describeDecoded, type DecodedError } from '../core/names/decode';
import { AbiRegistry } from '../core/names/registry';
import type { NamedFrame } from '../core/names/trace-names';
import type { NamedValue } from '../core/names/values';
import type { DecodedRevert, Frame } from '../shared/trace-model';
import { describeRevert } from '../shared/revert-text';

/**
 * Every ABI in the build output of `dirs` (the current folder when none is given); unreadable files are skipped,
 * but a folder given that does not exist is invalid input, reported before any request.
 */
export async function readAbis(dirs: readonly string[] | undefined): Promise<AbiRegistry> {
  for (const dir of dirs ?? []) {
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) throw new ApiError('invalid-input', `--build-output ${dir} is not a folder`);
  }
  const roots = dirs && dirs.length > 0 ? dirs : [process.cwd()];
  const outputs = await Promise.all(roots.map((root) => new BuildOutputReader(root).read()));
  return AbiRegistry.fromContracts(outputs.flatMap((o) => o.contracts));
}

/** The actions, or null with why not (an older mirror, a network problem): the trace itself is still shown. */
export async function readActions(mirror: MirrorClient, txIdOrHash: string): Promise<{ actions: ContractAction[] | null; note?: string }> {
  try {
    const response = await mirror.contractActions(txIdOrHash);
    return { actions: response.actions, note: partialActionsNote(response) ?? undefined };
  } catch (err) {
    return { actions: null, note: `call arguments unavailable: ${err instanceof Error ? err.message : String(err)}` };
  }
}

const errorJson = (e: DecodedError | null) => (e ? { name: e.name, signature: e.signature, args: argsObject(e.args) } : null);
const valuesJson = (values: NamedValue[] | null) => (values ? argsObject(values) : null);

/** `--json` `calls`: one entry per call frame, in order. */
export function callsJson(frames: readonly NamedFrame[]): Array<Record<string, unknown>> {
  return frames.map(({ frame, to, contractId, named }) => ({
    depth: frame.depth,
    type: frame.callType,
    to,
    contractId,
    contract: named.contract,
    function: named.function,
    signature: named.signature,
    args: valuesJson(named.args),
    returns: valuesJson(named.returns),
    reverted: frame.reverted,
    error: errorJson(named.error),
    gasUsed: frame.gasUsed,
    system: named.system,
    responseCode: named.responseCode,
  }));
}

/** The revert by name: `{name, signature, args}`, all null when the data names nothing known. */
export function revertNameJson(
  abis: AbiRegistry,
  revert: DecodedRevert | null,
): { name: string | null; signature: string | null; args: Record<string, string> | null } {
  return errorJson(revert ? decodeError(abis, revert.data) : null) ?? { name: null, signature: null, args: null };
}

/** The summary's Revert line: a custom error by name when the build output declares it. */
export function revertText(abis: AbiRegistry, revert: DecodedRevert): string {
  const named = revert.kind === 'CustomError' ? decodeError(abis, revert.data) : null;
  return named ? describeDecoded(named) : describeRevert(revert);
}

/** What a frame line shows after the callee: the call by name, and the revert by name when it has one. */
export function frameNameText(frame: Frame, named: NamedCall | undefined): { call: string; revert: string | null } {
  const call = named ? describeCall({ ...named, error: null }) : null;
  const revert = named?.error ? describeDecoded(named.error) : frame.revert ? describeRevert(frame.revert) : null;
  return { call: call ? ` ${call}` : '', revert };
}
