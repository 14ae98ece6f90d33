/**
 * Real EVM traces for the reference mirror: compiles the contracts in `../contracts`, deploys them on an
 * in-memory @ethereumjs/vm chain at Hedera long-zero addresses, runs one transaction per case while
 * recording every step in the mirror's conventions, and serves the traces and contracts to the HTTP server.
 */
import { linkBytecode } from 'solc/linker';
import type { ContractRecord, EvmTraceOptions, ResultRecord, TraceProvider, TraceRecord } from '../trace-provider';
import { encodeCall, word } from './abi';
import { writeBuildInfo } from './build-info';
import {
  CASES,
  type CaseSpec,
  DEFAULT_LONG_LOOP_STEPS,
  type Deployment,
  DEPLOYMENTS,
  EXTERNAL_CASE,
  HTS_STAND_IN,
  LATE_DEPLOYMENTS,
  LONG_LOOP,
} from './cases';
import {
  type Compilation,
  type CompilerVariant,
  compileContracts,
  contractOf,
  EXTERNAL_CONTRACTS_DIR,
  type StandardJsonInput,
  SYSTEM_CONTRACTS_DIR,
} from './compile';
import { ContractRegistry } from './contract-records';
import { compileCorpus, runCorpus } from './corpus/run';
import { caseTransaction, deploymentTimestamp, entityId, FIRST_CONTRACT_NUM, longZeroAddress, numOfLongZero } from './ids';
import { DEFAULT_GAS_LIMIT, Ledger, type TransactionOutcome } from './ledger';
import { resultBodies } from './result-bodies';
import { tokenFacadeCode } from './system/token-facade';
import { type TraceEnvelope, writeTraceBody } from './trace-json';

export { writeBuildInfo } from './build-info';

export interface EvmProviderOptions extends EvmTraceOptions {
  /** How the workspace contracts are compiled (default: optimizer off). */
  compiler?: CompilerVariant;
  /** Steps the long loop must reach at least (default 500 000); only used with `longLoop`. */
  longLoopSteps?: number;
}

export interface TraceCaseInfo {
  name: string;
  transactionId: string;
  hash: string;
  contractId: string;
  address: string;
  failed: boolean;
  steps: number;
}

/** A deployed contract of another team, with what verifies it (`npm start` submits it to the reference verifier). */
export interface ExternalContract {
  address: string;
  /** `<source name>:<contract>`, as API v2's `contractIdentifier`. */
  identifier: string;
  input: StandardJsonInput;
}

export type EvmTraceProvider = TraceProvider & { cases: TraceCaseInfo[]; external: ExternalContract[] };

export async function createEvmTraceProvider(opts: EvmProviderOptions = {}): Promise<EvmTraceProvider> {
  const [compilation, system, external] = await Promise.all([
    compileContracts(undefined, opts.compiler),
    compileContracts(SYSTEM_CONTRACTS_DIR),
    compileContracts(EXTERNAL_CONTRACTS_DIR),
  ]);
  if (opts.buildInfoDir !== undefined) await writeBuildInfo(opts.buildInfoDir, compilation);
  const ledger = await Ledger.create();
  const contracts = new ContractRegistry();
  let nextNum = FIRST_CONTRACT_NUM;
  const deployed = new Map<string, ContractRecord>();
  const addressOf = (name: string): string => {
    const record = deployed.get(name);
    if (!record) throw new Error(`${name} is used before it is deployed`);
    return record.evmAddress;
  };

  const deploy = async (deployment: Deployment, index: number, from = compilation): Promise<void> => {
    const num = nextNum++;
    const address = longZeroAddress(num);
    const initCode =
      linkedInitCode(from, deployment.contract, deployment.libraries ?? [], addressOf) +
      (deployment.args?.(addressOf) ?? []).map(word).join('');
    const runtimeBytecode = await ledger.deployAt(address, initCode);
    deployed.set(
      deployment.as ?? deployment.contract,
      contracts.add({ num, evmAddress: address, bytecode: initCode, runtimeBytecode, createdTimestamp: deploymentTimestamp(index) }),
    );
  };
  for (const [index, deployment] of DEPLOYMENTS.entries()) await deploy(deployment, index);

  // Not a workspace contract and not numbered: it stands where the node's token service answers.
  await ledger.deployAt(
    HTS_STAND_IN.address,
    linkedInitCode(system, HTS_STAND_IN.contract, [], addressOf) + HTS_STAND_IN.args(addressOf).map(word).join(''),
  );
  await ledger.install(HTS_STAND_IN.token, tokenFacadeCode(HTS_STAND_IN.token));
  const systemTarget = { evmAddress: HTS_STAND_IN.address, contractId: entityId(numOfLongZero(HTS_STAND_IN.address)!) };

  const preOp = opts.preOp ?? false;
  const cases: TraceCaseInfo[] = [];
  const traces: TraceRecord[] = [];
  const results: ResultRecord[] = [];
  const run = async (spec: Pick<CaseSpec, 'name' | 'contract' | 'value'>, data: string, gasLimit?: bigint): Promise<TransactionOutcome> => {
    const tx = caseTransaction(cases.length, spec.name);
    const target = spec.contract === HTS_STAND_IN.contract ? systemTarget : deployed.get(spec.contract)!;
    const outcome = await ledger.send(target.evmAddress, data, preOp, gasLimit, spec.value);
    for (const created of outcome.trace.createdAddresses) {
      contracts.add({
        num: nextNum++,
        evmAddress: created,
        bytecode: null,
        runtimeBytecode: await ledger.code(created),
        createdTimestamp: tx.consensusTimestamp,
      });
    }
    cases.push({
      name: spec.name,
      transactionId: tx.transactionId,
      hash: tx.hash,
      contractId: target.contractId,
      address: target.evmAddress,
      failed: outcome.failed,
      steps: outcome.trace.log.length,
    });
    traces.push(traceRecord(tx.transactionId, tx.hash, outcome, envelopeOf(outcome, target), opts));
    const bodies = resultBodies({
      index: results.length,
      hash: tx.hash,
      consensusTimestamp: tx.consensusTimestamp,
      to: target.evmAddress,
      contractId: target.contractId,
      outcome,
      contractIdOf: (address) => contracts.find(address)?.contractId,
    });
    results.push({ transactionId: tx.transactionId, hash: tx.hash, result: bodies.result, actions: bodies.actions });
    return outcome;
  };

  const deployLate = async (contract: string): Promise<void> => {
    const late = LATE_DEPLOYMENTS.findIndex((d) => d.contract === contract);
    if (late < 0 || deployed.has(contract)) return;
    for (const needed of LATE_DEPLOYMENTS[late].requires ?? []) await deployLate(needed);
    await deploy(LATE_DEPLOYMENTS[late], DEPLOYMENTS.length + late);
  };
  for (const spec of CASES) {
    await deployLate(spec.contract);
    await run(spec, (await spec.calldata?.(addressOf)) ?? encodeCall(spec.signature, spec.args(addressOf)));
  }
  await deploy({ contract: EXTERNAL_CASE.contract }, DEPLOYMENTS.length + LATE_DEPLOYMENTS.length, external);
  await run(EXTERNAL_CASE, encodeCall(EXTERNAL_CASE.signature, EXTERNAL_CASE.args(addressOf)));
  if (opts.longLoop) {
    const { iterations, gasLimit } = await sizeLongLoop(
      ledger,
      addressOf(LONG_LOOP.contract),
      opts.longLoopSteps ?? DEFAULT_LONG_LOOP_STEPS,
    );
    await run(LONG_LOOP, encodeCall(LONG_LOOP.signature, [iterations]), gasLimit);
  }
  if (opts.corpus) {
    const builds = await compileCorpus(opts.compiler ?? 'default');
    for (const build of Object.values(builds)) if (opts.buildInfoDir !== undefined) await writeBuildInfo(opts.buildInfoDir, build);
    let deployments = DEPLOYMENTS.length + LATE_DEPLOYMENTS.length + 1;
    await runCorpus(builds, {
      payer: ledger.payer.toString() as `0x${string}`,
      deploy: (as, contract, from, args) => deploy({ contract, as, args: () => args }, deployments++, from),
      run: (name, contract, data) => run({ name, contract }, data),
      name: (as, address) => deployed.set(as, contracts.find(address)!),
      addressOf,
    });
  }

  const byId = new Map(traces.map((t) => [t.transactionId, t]));
  const byHash = new Map(traces.map((t) => [t.hash, t]));
  const resultById = new Map(results.map((r) => [r.transactionId, r]));
  const resultByHash = new Map(results.map((r) => [r.hash, r]));
  const resultsOf = (contractId: string) => results.filter((r) => (r.result as { contract_id?: unknown }).contract_id === contractId);
  const { sourceName } = contractOf(external, EXTERNAL_CASE.contract);
  return {
    cases,
    external: [
      { address: addressOf(EXTERNAL_CASE.contract), identifier: `${sourceName}:${EXTERNAL_CASE.contract}`, input: external.input },
    ],
    findTrace: (kind, value) => (kind === 'id' ? byId : byHash).get(value),
    findResult: (kind, value) => (kind === 'id' ? resultById : resultByHash).get(value),
    findContract: (idOrAddress) => contracts.find(idOrAddress),
    listResults: (idOrAddress) => {
      const contractId = contracts.find(idOrAddress)?.contractId;
      if (contractId !== undefined) return resultsOf(contractId);
      return idOrAddress.startsWith('0x') ? undefined : resultsOf(idOrAddress);
    },
    describe: () => [
      `EVM traces (${preOp ? 'pre-op, geth-style' : 'post-op, Besu-style'} pc/gas; solc ${compilation.solcLongVersion}):`,
      ...cases.map((c) => `  ${c.name.padEnd(13)} ${c.transactionId}  ${c.hash}  ${c.contractId}  steps=${c.steps} failed=${c.failed}`),
      `  contracts: ${[...deployed].map(([name, r]) => `${name}=${r.contractId}`).join(' ')}`,
    ],
  };
}

function linkedInitCode(compilation: Compilation, contract: string, libraries: string[], addressOf: (c: string) => string): string {
  const bytecode = contractOf(compilation, contract).contract.evm.bytecode.object;
  const links: Record<string, string> = {};
  for (const library of libraries) links[`${contractOf(compilation, library).sourceName}:${library}`] = addressOf(library);
  return `0x${libraries.length === 0 ? bytecode : linkBytecode(bytecode, links)}`;
}

function envelopeOf(outcome: TransactionOutcome, target: Pick<ContractRecord, 'evmAddress' | 'contractId'>): TraceEnvelope {
  return {
    address: target.evmAddress,
    contractId: target.contractId,
    failed: outcome.failed,
    gasUsed: outcome.gasUsed,
    returnValue: outcome.returnValue,
  };
}

function traceRecord(
  transactionId: string,
  hash: string,
  outcome: TransactionOutcome,
  envelope: TraceEnvelope,
  opts: EvmProviderOptions,
): TraceRecord {
  const log = outcome.trace.log;
  const nullParts = opts.nullParts ?? false;
  return {
    transactionId,
    hash,
    writeBody: (query, sink, caps, storage) => writeTraceBody(log, envelope, query, { nullParts, caps, storage }, sink),
  };
}

/**
 * Steps grow linearly with the loop count, so two short runs give the count (and gas) for `steps`.
 * The calibration transactions only move the payer's nonce: Looper writes its checkpoint only every 128th
 * iteration, whose few extra steps and gas the 10% margin covers.
 */
async function sizeLongLoop(ledger: Ledger, looper: string, steps: number): Promise<{ iterations: bigint; gasLimit: bigint }> {
  const probe = async (n: number): Promise<TransactionOutcome> => ledger.send(looper, encodeCall(LONG_LOOP.signature, [BigInt(n)]), false);
  const [one, two] = [await probe(1), await probe(2)];
  const perIteration = two.trace.log.length - one.trace.log.length;
  const iterations = Math.max(1, Math.ceil((steps - one.trace.log.length) / perIteration) + 1);
  const gas = one.gasUsed + (two.gasUsed - one.gasUsed) * (iterations - 1);
  const needed = BigInt(Math.ceil(gas * 1.1));
  return { iterations: BigInt(iterations), gasLimit: needed > DEFAULT_GAS_LIMIT ? needed : DEFAULT_GAS_LIMIT };
}
