// Server text with terminal escape sequences (ESC, OSC title and hyperlink, CSI, C1 CSI, bidi override) must reach
// the terminal as visible escapes: the built CLI runs as a child process against loopback servers that send it.
import { strict as assert } from 'node:assert';
import { EXIT } from '../../../src/core/errors';
import { stringifyJson } from '../../../src/core/json';
import { tokenSpecCases } from '../../helpers/mirror-data';
import { assertCliBuilt, expectExit, runCli, type Run } from '../helpers/cli';
import { sendJson, startServer, type TestServer } from '../helpers/fixture-server';
import { ADDR, makeWorkspace } from '../helpers/verify-fixtures';

const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\u009b31m\u202eevil';
/** Raw ESC, C1 CSI, BEL or bidi override: what a terminal would act on. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ACTIVE = /[\x07\x1b\u009b\u202e]/;

function assertInert(run: Run): void {
  assert.ok(!ACTIVE.test(run.stdout), `raw control characters on stdout: ${JSON.stringify(run.stdout)}`);
  assert.ok(!ACTIVE.test(run.stderr), `raw control characters on stderr: ${JSON.stringify(run.stderr)}`);
}

/** 0x08c379a0 Error(string) ABI encoding of `message`. */
function errorData(message: string): string {
  const bytes = Buffer.from(message, 'utf8');
  const word = (n: number) => n.toString(16).padStart(64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0')}`;
}

describe('CLI: hostile server text reaches the terminal escaped', function () {
  this.timeout(30_000);
  let server: TestServer | undefined;

  before(assertCliBuilt);
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('token name, symbol and memo', async () => {
    const recorded = tokenSpecCases().find((c) => c.file === 'custom-fees.json')!.body as Record<string, unknown>;
    const body = stringifyJson({ ...recorded, name: `name${HOSTILE}`, symbol: `SYM${HOSTILE}`, memo: `memo\n${HOSTILE}` });
    server = await startServer((req, res) => sendJson(req, res, 200, body));
    const run = await runCli(['token', '0.0.1135', '--mirror', server.url]);
    expectExit(run, EXIT.ok);
    assertInert(run);
    assert.match(run.stdout, /^SYM\\x1b\]0;pwned\\x07\\x1b\[2J.*\\u202eevil 0\.0\.1135 — name\\x1b/);
    assert.ok(run.stdout.includes('  Memo: memo\\x0a\\x1b]0;pwned'), 'a newline in a value cannot start a line of its own');

    const json = await runCli(['token', '0.0.1135', '--mirror', server.url, '--json']);
    expectExit(json, EXIT.ok);
    assertInert(json);
    assert.equal((JSON.parse(json.stdout) as { name: string }).name, `name${HOSTILE}`, '--json keeps the exact value');
  });

  it('a mirror error message', async () => {
    server = await startServer((req, res) =>
      sendJson(req, res, 400, JSON.stringify({ _status: { messages: [{ message: `Invalid parameter${HOSTILE}` }] } })),
    );
    const run = await runCli(['token', '0.0.1135', '--mirror', server.url]);
    expectExit(run, EXIT.invalidInput);
    assertInert(run);
    assert.match(run.stderr, /Invalid parameter\\x1b\]0;pwned\\x07/);
  });

  it('a revert string in a trace', async () => {
    const opcodes = {
      address: '0x' + '00'.repeat(19) + '3e9',
      contract_id: '0.0.1001',
      failed: true,
      gas: 21000,
      opcodes: [],
      return_value: errorData(`denied${HOSTILE}`),
    };
    server = await startServer((req, res) =>
      /\/opcodes/.test(req.url ?? '')
        ? sendJson(req, res, 200, JSON.stringify(opcodes))
        : sendJson(req, res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}'),
    );
    const run = await runCli(['trace', '0x' + 'ab'.repeat(32), '--mirror', server.url]);
    expectExit(run, EXIT.ok);
    assertInert(run);
    assert.match(run.stdout, /Revert {8}Error\("denied\\u001b\]0;pwned.*\\x9b31m\\u202eevil"\)\n/);
  });

  it('a verification server error message', async () => {
    server = await startServer((req, res) =>
      sendJson(req, res, 500, JSON.stringify({ error: `internal${HOSTILE}`, message: `internal${HOSTILE}` })),
    );
    const ws = makeWorkspace({ Caller: { address: ADDR.caller } });
    try {
      const run = await runCli([
        'verify',
        '--verify-url',
        server.url,
        '--chain-id',
        '296',
        '--workspace',
        ws.root,
        '--protocol',
        'session',
      ]);
      expectExit(run, EXIT.server);
      assertInert(run);
      assert.match(run.stderr, /internal\\x1b\]0;pwned\\x07/);
    } finally {
      ws.dispose();
    }
  });
});
