// The DAP requests' arguments are refused by their schema in one sentence naming the argument; the launch
// configuration is checked property by property as its declared type says (package.json holds the same types).
import { strict as assert } from 'node:assert';
import { checkArguments, RequestError } from '../../../src/debug/requests';

const refused = (command: string, args: unknown, message: RegExp) =>
  assert.throws(
    () => checkArguments(command, args),
    (err: unknown) => err instanceof RequestError && message.test(err.message),
  );

describe('DAP request arguments', () => {
  it('launch: every declared property is checked by its type', () => {
    refused('launch', { verifyUrl: 5 }, /^verifyUrl must be a string of at most 4,096 characters, not 5\.$/);
    refused('launch', { fetchVerified: 'no' }, /^fetchVerified must be true or false, not "no"\.$/);
    refused('launch', { stack: 'yes' }, /^stack must be true or false, not "yes"\.$/);
    refused('launch', { verifiedTimeout: -1 }, /^verifiedTimeout must be a number of seconds above 0/);
    refused('launch', { buildOutput: [1] }, /^buildOutput must be a folder or a list of at most 64 folders\.$/);
    refused('launch', { buildOutput: Array(65).fill('out') }, /^buildOutput must be a folder or a list/);
    refused('launch', 'debug', /^The launch configuration must be an object, not "debug"\.$/);
    refused('launch', { transaction: 'x'.repeat(5000) }, /^transaction must be a string of at most 4,096 characters \(it has 5,000\)\.$/);
  });

  it('launch: a well-formed configuration passes, with the properties VS Code adds', () => {
    checkArguments('launch', {
      type: 'ledger-mirror',
      request: 'launch',
      name: 'Debug',
      __sessionId: 'abc',
      transaction: '0.0.1234-1700000000-000000001',
      network: 'testnet',
      stack: true,
      buildOutput: ['out', 'artifacts'],
      verifyUrl: 'https://sourcify.dev/server',
      fetchVerified: false,
      verifiedTimeout: 20,
      stopOnEntry: false,
    });
    checkArguments('launch', { traceFile: 'trace.json', buildOutput: 'out' });
  });

  it('breakpoints: the element and property are named, counts are bounded', () => {
    refused(
      'setBreakpoints',
      { source: {}, breakpoints: [{ line: 1 }, { line: -1 }] },
      /^breakpoints\[1\]\.line must be an integer from 0 to 10,000,000, not -1\.$/,
    );
    refused(
      'setBreakpoints',
      { source: {}, breakpoints: [{ line: 1, condition: 'x'.repeat(1001) }] },
      /^breakpoints\[0\]\.condition must be a string of at most 1,000 characters \(it has 1,001\)\.$/,
    );
    refused(
      'setBreakpoints',
      { source: {}, breakpoints: Array(1001).fill({ line: 1 }) },
      /^breakpoints: at most 1,000 breakpoints in one request, not 1001\.$/,
    );
    refused('setBreakpoints', { breakpoints: [] }, /^source is required\.$/);
    refused('setFunctionBreakpoints', { breakpoints: [{}] }, /^breakpoints\[0\]\.name is required\.$/);
    checkArguments('setBreakpoints', { source: { path: 'a.sol' }, breakpoints: [{ line: 3, column: 1, hitCondition: '2' }] });
  });

  it('enumerations name their values; optional arguments may be absent', () => {
    refused('next', { threadId: 1, granularity: 'word' }, /^granularity must be "statement", "line" or "instruction", not "word"\.$/);
    refused('variables', { variablesReference: 1, filter: 'all' }, /^filter must be "indexed" or "named", not "all"\.$/);
    checkArguments('next', undefined);
    checkArguments('stackTrace', undefined);
    refused('scopes', undefined, /^arguments must be an object, not undefined\.$/);
  });

  it('sizes and offsets: integers in range', () => {
    refused(
      'disassemble',
      { memoryReference: '0x0', instructionCount: 100000 },
      /^instructionCount must be an integer from 1 to 25,000, not 100000\.$/,
    );
    refused('readMemory', { memoryReference: '0x0', count: 1.5 }, /^count must be an integer from 0 to 16,777,216, not 1\.5\.$/);
    refused('evaluate', { expression: 'x', frameId: '1' }, /^frameId must be an integer from 0 to [\d,]+, not "1"\.$/);
    refused('source', { source: { sourceReference: -2 } }, /^source\.sourceReference must be an integer/);
    checkArguments('unknownRequest', 42);
  });
});
