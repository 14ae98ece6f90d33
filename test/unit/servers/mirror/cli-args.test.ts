// `npm run mirror`'s flags: what each one sets, and the message for a bad value (the process itself:
// test/integration/servers/mirror/cli.test.ts).
import { strict as assert } from 'node:assert';
import { parseCommandLine } from '../../../../servers/mirror/cli-args';

describe('reference mirror command line', () => {
  it('maps flags to server and trace-generator options', () => {
    assert.deepEqual(
      parseCommandLine([
        '--port',
        '5551',
        '--opcodes',
        'disabled',
        '--opcode-api',
        'v0.150',
        '--opcode-rps',
        'off',
        '--pre-op',
        '--max-opcodes',
        '1000',
        '--max-memory-words',
        '7',
        '--storage-shape',
        'v0.129',
      ]),
      {
        server: {
          port: 5551,
          host: undefined,
          opcodes: 'disabled',
          opcodeApi: 'v0.150',
          unavailable: undefined,
          storage: 'v0.129',
          opcodeRequestsPerSecond: Infinity,
          opcodeCaps: { maxOpcodes: 1000, maxMemoryWords: 7 },
        },
        evm: { preOp: true, nullParts: undefined, longLoop: undefined, buildInfoDir: undefined, compiler: undefined, corpus: undefined },
        quiet: false,
      },
    );
    const newer = parseCommandLine(['--opcodes', 'not-implemented', '--max-stack', '3', '--max-storage', '4']);
    assert.ok(newer !== 'help');
    assert.equal(newer.server.opcodes, 'not-implemented');
    assert.deepEqual(newer.server.opcodeCaps, { maxStack: 3, maxStorage: 4 });
    assert.equal(newer.server.storage, undefined, "the newest mirror's storage map unless asked");
    const corpus = parseCommandLine(['--corpus', '--compiler', 'via-ir']);
    assert.ok(corpus !== 'help');
    assert.deepEqual([corpus.evm?.corpus, corpus.evm?.compiler], [true, 'via-ir']);
    const noTraces = parseCommandLine(['--no-traces']);
    assert.ok(noTraces !== 'help' && noTraces.evm === undefined);
    assert.equal(parseCommandLine(['-h']), 'help');
  });

  it('explains bad values', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--opcodes', 'maybe'], /--opcodes must be one of enabled, disabled, not-implemented, got "maybe"/],
      [['--port', 'eighty'], /--port needs a non-negative integer/],
      [['--port', '70000'], /--port must be at most 65535/],
      [['--opcode-rps', '0'], /--opcode-rps must be at least 1/],
      [['--max-opcodes=-1'], /--max-opcodes needs a non-negative integer, got "-1"/],
      [['--max-memory-words', '0'], /--max-memory-words must be at least 1/],
      [['--storage-shape', 'v0.162'], /--storage-shape must be one of accesses, written, v0\.129, got "v0\.162"/],
      [['--compiler', 'fast'], /--compiler must be one of default, optimized, via-ir, via-ir-unoptimized, got "fast"/],
    ];
    for (const [args, message] of cases) assert.throws(() => parseCommandLine(args), message, args.join(' '));
  });
});
