// The Locals oracle's check, shared by the oracle on the reference mirror's traces (debug/locals-oracle.test.ts) and
// the one on debug replays of them (replay/replay.test.ts): at every LOG step of a Locals.sol or Guarded.sol trace,
// the named local of the event, as the debugger shows it in the top frame of the call stack, must equal the event's
// data. Counts go into a tally; a value shown wrong, or one not shown without saying `unavailable`, is a failure.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeEventLog, type Abi, type AbiEvent, type AbiParameter, type Hex } from 'viem';
import { logAtStep } from '../../../src/core/names/log-steps';
import { namedValues, shownValue } from '../../../src/core/names/values';
import type { Program } from '../../../src/core/sourcemap/program';
import type { ContractAction } from '../../../src/core/contract-results';
import { variablesAt } from '../../../src/debug/locals/scope';
import type { LocalsData } from '../../../src/debug/locals/values';
import { frameScope } from '../../../src/debug/frame-views';
import { shownStack } from '../../../src/debug/modifier-frames';
import type { Variable } from '../../../src/debug/variables';
import type { OpenedTransaction } from './debug-program';

export interface Tally {
  checks: number;
  shown: number;
  wrong: string[];
}

/** Guarded.sol's events by the modifier that emits them (undefined: the function's body). */
const EMITTED_BY: Record<string, string | undefined> = {
  role: 'onlyRole(bytes32)',
  seen: 'whenAbove(uint256)',
  rise: 'whenAbove(uint256)',
  next: undefined,
};

/** What the top frame of the call stack shows in Arguments and Locals at `step`, as the adapter reads them. */
function topFrameVariables(program: Program, step: number, data: () => LocalsData, call: ContractAction | undefined): Variable[] | string {
  const [top] = shownStack(program, step);
  if (!top.view) return variablesAt(program, step, ['argument', 'return', 'local'], data);
  const scopes = [
    frameScope(program, top.frame, top.step, top.view, 'arguments', data, call),
    frameScope(program, top.frame, top.step, top.view, 'locals', data, call),
  ];
  return scopes.flatMap((v) => (typeof v === 'string' ? [{ name: '(none)', value: v }] : v));
}

/** Whether the debugger's variable shows `value` (decoded from the event as `param`): scalars by text, the rest part by part. */
function matches(shown: Variable, param: AbiParameter, value: unknown): boolean {
  if (Array.isArray(value)) {
    const element = { ...param, type: param.type.replace(/\[\d*\]$/, '') } as AbiParameter;
    return shown.children?.length === value.length && value.every((v, i) => matches(shown.children![i], element, v));
  }
  if (param.type === 'tuple' && 'components' in param) {
    return param.components.every((c) => {
      const field = shown.children?.find((f) => f.name === c.name);
      return field !== undefined && matches(field, c, (value as Record<string, unknown>)[c.name!]);
    });
  }
  // The Storage scope names a long-zero address's account id after it.
  return shown.value.replace(/ \(0\.0\.\d+\)$/, '') === shownValue(namedValues([param], [value])[0]);
}

/** The events of Locals.sol and Guarded.sol, once each (the contracts declare the same ones), from their artifacts under `dir`. */
export async function oracleEvents(dir: string): Promise<Abi> {
  const abiOf = async (file: string, name: string) =>
    (JSON.parse(await readFile(join(dir, `artifacts/contracts/${file}/${name}.json`), 'utf8')) as { abi: Abi }).abi;
  const events = [...(await abiOf('Locals.sol', 'Locals')), ...(await abiOf('Guarded.sol', 'Guarded'))].filter((e) => e.type === 'event');
  return [...new Map(events.map((e) => [(e as AbiEvent).name, e])).values()];
}

export interface OracleCase {
  /** The case's name, first word of each failure. */
  name: string;
  /** Its trace and Program, each frame's call, each step's data. */
  opened: OpenedTransaction;
  /** The events of Locals.sol and Guarded.sol. */
  abi: Abi;
  /** Whether a local may be left `unavailable` (IR code), instead of failing the check. */
  mayBeUnavailable: boolean;
}

/** Checks every LOG step of the case into `tally`; returns how many events it checked. */
export function checkLocalsAtLogs(c: OracleCase, tally: Tally): number {
  const { abi } = c;
  const { trace, program, calls } = c.opened;
  let logs = 0;
  for (let step = 0; step < trace.length; step++) {
    const log = logAtStep(trace, step);
    if (!log?.data) continue;
    logs++;
    const event = decodeEventLog({ abi, topics: log.topics as [Hex, ...Hex[]], data: log.data as Hex });
    const { name, value } = event.args as unknown as { name: string; value: unknown };
    const param = (abi.find((e) => e.type === 'event' && e.name === event.eventName) as AbiEvent).inputs[1];
    const locals = topFrameVariables(program, step, c.opened.dataAt(step), calls[program.traceFrame[step]]);
    tally.checks++;
    // The frame on top is the modifier whose code emitted the event (the function's own: no modifier's).
    const shown = shownStack(program, step)[0];
    const top = shown.view?.kind === 'modifier' ? shown.label : undefined;
    if (c.name === 'locals-modifiers' && top !== EMITTED_BY[name])
      tally.wrong.push(`${c.name} step ${step}: ${name} emitted with ${top ?? 'the function'} on top, not ${EMITTED_BY[name]}`);
    const found = typeof locals === 'string' ? undefined : locals.find((v) => v.name === name);
    const readable = found !== undefined && !/^\(?unavailable/.test(found.value);
    if (!readable) {
      // viaIR code may leave a local unavailable, and must say why rather than show a guess.
      const said = typeof locals === 'string' ? locals : (found?.value ?? '');
      if (!c.mayBeUnavailable || !/unavailable/.test(said))
        tally.wrong.push(`${c.name} step ${step}: ${name} not shown (${typeof locals === 'string' ? locals : (found?.value ?? 'absent')})`);
      continue;
    }
    tally.shown++;
    if (!matches(found, param, value))
      tally.wrong.push(`${c.name} step ${step}: ${name} = ${found.value}, the event says ${shownValue(namedValues([param], [value])[0])}`);
  }
  return logs;
}
