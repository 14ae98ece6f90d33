// Values too long to list at once, through the stdio adapter (DAP), on the reference mirror's Bulk.sol trace: the
// memory view's bytes (readMemory on a value's memoryReference), a long value sent lazily, long memory, calldata and
// storage arrays paged (indexedVariables), and a trace whose length words claim 2^255 elements.
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { LaunchArguments } from '../../../src/debug/adapter';
import { freshAdapter, launchAndStop } from '../helpers/debug-launch';
import { tempDirs } from '../helpers/layouts';
import { sampleWorkspace } from '../helpers/sample-workspace';
import { startReference, type ReferenceMirror } from '../helpers/reference-mirror';

const BLOB = Buffer.from('Ledger Mirror pages long arrays. '.repeat(10).slice(0, 300));
const HUGE = 1n << 255n;

type Var = DebugProtocol.Variable;

describe('debug adapter: memory view, lazy values and paged arrays (Bulk.sol)', function () {
  this.timeout(180_000);
  let ref: ReferenceMirror;
  let ws: string;
  const client = freshAdapter();
  let dc: DebugClient;

  before(async () => ([ref, ws] = await Promise.all([startReference('post-op'), sampleWorkspace()])));
  after(() => ref?.close());
  beforeEach(() => (dc = client()));

  const source = () => join(ws, 'contracts', 'Bulk.sol');

  /** Launches (on the case, or on `traceFile`) and runs to the line that emits Filled; the top frame's scopes. */
  async function stopAtEmit(traceFile?: string): Promise<Record<string, number>> {
    const text = await readFile(source(), 'utf8');
    const line = text.slice(0, text.indexOf('emit Filled(')).split('\n').length;
    const stopped = await launchAndStop(
      dc,
      {
        ...(traceFile ? { traceFile } : { transaction: ref.info('long-values').transactionId }),
        mirrorUrl: ref.mirror.url,
        buildOutput: ws,
        stopOnEntry: false,
        memory: true,
        storage: true,
      } satisfies LaunchArguments,
      () => dc.setBreakpointsRequest({ source: { path: source() }, breakpoints: [{ line }] }),
    );
    assert.equal(stopped.body.reason, 'breakpoint');
    const [top] = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    const scopes = (await dc.scopesRequest({ frameId: top.id })).body.scopes;
    return Object.fromEntries(scopes.map((s) => [s.name, s.variablesReference]));
  }

  async function variable(scope: number, name: string): Promise<Var> {
    const vars = (await dc.variablesRequest({ variablesReference: scope })).body.variables;
    const found = vars.find((v) => v.name === name);
    assert.ok(found, `no ${name} among ${vars.map((v) => v.name).join(', ')}`);
    return found;
  }

  async function read(memoryReference: string, count: number, offset?: number): Promise<DebugProtocol.ReadMemoryResponse['body']> {
    return ((await dc.customRequest('readMemory', { memoryReference, count, offset })) as DebugProtocol.ReadMemoryResponse).body!;
  }
  const bytesOf = (body: DebugProtocol.ReadMemoryResponse['body']) => Buffer.from(body!.data ?? '', 'base64');

  const page = async (v: Var, start: number, count: number) =>
    (await dc.variablesRequest({ variablesReference: v.variablesReference, filter: 'indexed', start, count })).body.variables;

  it('readMemory on a value in memory or calldata gives exactly its bytes; bad references are refused by name', async () => {
    const scopes = await stopAtEmit();
    const tag = await variable(scopes.Locals, 'tag');
    assert.match(tag.memoryReference ?? '', /^memory@\d+:0x[0-9a-f]+$/);
    assert.equal(bytesOf(await read(tag.memoryReference!, 3)).toString('hex'), 'c0ffee');
    // The memory view scrolls back to the length word (3) before the bytes.
    assert.equal(bytesOf(await read(tag.memoryReference!, 32, -32)).readUInt32BE(28), 3);

    const long = await variable(scopes.Locals, 'long');
    assert.deepEqual(bytesOf(await read(long.memoryReference!, BLOB.length)), BLOB);

    // In calldata: the external argument and a calldata slice of the array.
    const blob = await variable(scopes.Arguments, 'blob');
    assert.match(blob.memoryReference ?? '', /^calldata@0:0x[0-9a-f]+$/);
    assert.deepEqual(bytesOf(await read(blob.memoryReference!, BLOB.length)), BLOB);
    const tail = await variable(scopes.Locals, 'tail');
    assert.equal(BigInt(`0x${bytesOf(await read(tail.memoryReference!, 64)).toString('hex')}`), (100n << 256n) + 121n);

    // Past the end of memory: what is there, then the count of unreadable bytes.
    const end = await read(long.memoryReference!, 1 << 20);
    assert.ok(end!.unreadableBytes! > 0 && bytesOf(end).length + end!.unreadableBytes! === 1 << 20);

    for (const [reference, refusal] of [
      [
        'nonsense',
        /memoryReference "nonsense" is not one this debugger gave: it reads memory@<step>:0x<offset> and calldata@<frame>:0x<offset>/,
      ],
      ['memory@99999999', /memory@99999999: the trace has steps 0 to \d+\./],
      ['calldata@77:0x0', /calldata@77:0x0: the trace has call frames 0 to 0\./],
      ['memory@5:0xfffffffff', /is not one this debugger gave/],
    ] as const)
      await assert.rejects(read(reference, 4), refusal);
    await assert.rejects(read(tag.memoryReference!, 4, -(1 << 20)), /reads before the start \(byte -\d+\)/);
    await assert.rejects(read(tag.memoryReference!, 2 ** 30), /count must be an integer from 0 to/);
  });

  it('a long value is lazy: a preview until it is asked for, then the whole value', async () => {
    const scopes = await stopAtEmit();
    const note = await variable(scopes.Locals, 'note');
    assert.deepEqual(note.presentationHint, { lazy: true });
    assert.match(note.value, /^"Ledger Mirror pages long arrays\. .*… \(302 characters\)$/);
    const [value] = (await dc.variablesRequest({ variablesReference: note.variablesReference })).body.variables;
    assert.equal(value.value, `"${BLOB.toString()}"`);
    assert.equal(value.evaluateName, 'note');
    assert.equal(value.presentationHint, undefined);
    // A short value is sent as it is.
    assert.equal((await variable(scopes.Locals, 'tag')).value, '0xc0ffee');
  });

  it('long arrays in memory, calldata and storage are paged: only the elements asked for are read', async () => {
    const scopes = await stopAtEmit();
    const copy = await variable(scopes.Locals, 'copy');
    assert.equal(copy.indexedVariables, 150);
    assert.equal(copy.value, 'uint256[], length 150');
    const squares = await page(copy, 100, 50);
    assert.deepEqual(
      squares.map((v) => [v.name, v.value]),
      Array.from({ length: 50 }, (_, i) => [`[${100 + i}]`, String((100 + i) ** 2)]),
    );
    assert.equal(squares[20].evaluateName, 'copy[120]');
    assert.equal((await dc.evaluateRequest({ expression: 'copy[149]', context: 'watch' })).body.result, String(149 ** 2));

    // The external call's argument, decoded from its calldata, pages the same way.
    const xs = await variable(scopes.Arguments, 'xs');
    assert.deepEqual([xs.value, xs.indexedVariables], ['uint256[], length 150', 150]);
    assert.deepEqual(
      (await page(xs, 148, 2)).map((v) => [v.name, v.value, v.evaluateName]),
      [
        ['[148]', String(148 ** 2), 'xs[148]'],
        ['[149]', String(149 ** 2), 'xs[149]'],
      ],
    );

    const tail = await variable(scopes.Locals, 'tail');
    assert.equal(tail.indexedVariables, 140);
    assert.deepEqual(
      (await page(tail, 130, 10)).map((v) => v.value),
      Array.from({ length: 10 }, (_, i) => String((140 + i) ** 2)),
    );

    // Storage: 151 readings written at deployment, all known from the mirror's state before the transaction.
    const readings = await variable(scopes.Storage, 'readings');
    assert.equal(readings.indexedVariables, 151);
    assert.match(readings.value, /^uint256\[\], length 151 \(151 of its slots known\)$/);
    const last = await page(readings, 100, 51);
    assert.equal(last.length, 51);
    assert.equal(last[20].value, String(1120 + 120 ** 2));
    assert.equal(last[50].value, '150');
    // readings[100], which this call never touches: its value as the mirror's state before the transaction has it.
    assert.equal(last[0].value, '1100');
    // A page past the end is cut to the array.
    assert.equal((await page(readings, 150, 100)).length, 1);
    // The slots the array explains are not listed again as raw slots.
    const raw = (await dc.variablesRequest({ variablesReference: scopes.Storage })).body.variables.filter((v) =>
      v.name.startsWith('storage['),
    );
    assert.deepEqual(raw, []);
  });

  it('a hostile trace: length words of 2^255 in memory and in storage are bounded, never read whole', async () => {
    const body = JSON.parse(await ref.body('long-values')) as {
      opcodes: Array<{ op: string; stack?: string[] | null; memory?: string[] | null }>;
    };
    const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
    const tampered = { memory: 0, storage: 0 };
    // Storage is what the trace's own SLOAD and SSTORE prove (post-op: the operands are the top of the step before, an
    // SLOAD's result the top of its own step; the stack is listed bottom to top), so slot 0's value is tampered there.
    const top = (stack: string[] | null | undefined, below = 0) => (stack ? stack.length - 1 - below : -1);
    body.opcodes.forEach((op, i) => {
      // `copy`'s length word (150) at 0xc0, and the readings' length (slot 0).
      if (op.memory?.[6] === word(150n)) {
        op.memory[6] = word(HUGE);
        tampered.memory++;
      }
      const before = body.opcodes[i - 1]?.stack;
      // The tracer writes short items (`0x` is zero).
      if (!before || top(before) < 0 || BigInt(before[top(before)].replace(/^0x$/, '0x0')) !== 0n) return;
      if (op.op === 'SLOAD' && op.stack && top(op.stack) >= 0) op.stack[top(op.stack)] = word(HUGE);
      else if (op.op === 'SSTORE' && top(before, 1) >= 0) before[top(before, 1)] = word(HUGE);
      else return;
      tampered.storage++;
    });
    assert.ok(tampered.memory > 0 && tampered.storage > 0, JSON.stringify(tampered));
    const dirs = tempDirs('ledger-long-values-');
    try {
      const file = join(await dirs.make(), 'hostile.json');
      await writeFile(file, JSON.stringify(body));
      const scopes = await stopAtEmit(file);
      const copy = await variable(scopes.Locals, 'copy');
      assert.equal(copy.value, `(unavailable: it claims ${HUGE} elements, more than memory holds)`);
      assert.equal(copy.indexedVariables, undefined);

      const readings = await variable(scopes.Storage, 'readings');
      assert.match(
        readings.value,
        new RegExp(`length ${HUGE} \\(2 of its slots in the trace; the first 4294967296 elements are listed\\)`),
      );
      assert.equal(readings.indexedVariables, 2 ** 32);
      const far = await page(readings, 2 ** 32 - 2, 100);
      assert.deepEqual(
        far.map((v) => [v.name, v.value]),
        [
          ['[4294967294]', '(not in the trace)'],
          ['[4294967295]', '(not in the trace)'],
        ],
      );
      // No count: at most a page of 1,000 elements, not 2^32.
      assert.equal(
        (await dc.variablesRequest({ variablesReference: readings.variablesReference, filter: 'indexed' })).body.variables.length,
        1_000,
      );
    } finally {
      await dirs.remove();
    }
  });
});
