// `npm run verifier`'s flags (node:util parseArgs, as the mirror's): what each one sets, --help, and the message
// for a flag given wrong.
import { strict as assert } from 'node:assert';
import { parseCommandLine, USAGE, UsageError } from '../../../../servers/verifier/cli-args';

describe('reference verifier command line', () => {
  it('maps flags to the server options, with the defaults', () => {
    assert.deepEqual(parseCommandLine([], {}), {
      port: 5555,
      mirrorUrl: undefined,
      sessionApi: true,
      v2Api: true,
      explorerChain: undefined,
    });
    assert.deepEqual(
      parseCommandLine(
        ['--port', '0', '--mirror', 'http://127.0.0.1:5551', '--v2-only', '--explorer-chain', '31337=http://127.0.0.1:9/api'],
        {},
      ),
      {
        port: 0,
        mirrorUrl: 'http://127.0.0.1:5551',
        sessionApi: false,
        v2Api: true,
        explorerChain: { id: '31337', url: 'http://127.0.0.1:9/api' },
      },
    );
    const fromEnv = parseCommandLine(['--session-only'], { LEDGER_MIRROR_TEST_MIRROR_URL: 'http://127.0.0.1:7' });
    assert.ok(fromEnv !== 'help');
    assert.deepEqual([fromEnv.mirrorUrl, fromEnv.sessionApi, fromEnv.v2Api], ['http://127.0.0.1:7', true, false]);
  });

  it('--help and -h ask for the usage text, which lists every flag', () => {
    assert.equal(parseCommandLine(['--help'], {}), 'help');
    assert.equal(parseCommandLine(['-h', '--port', 'x'], {}), 'help');
    for (const flag of ['--port', '--mirror', '--v2-only', '--session-only', '--explorer-chain', '--help'])
      assert.ok(USAGE.includes(flag), flag);
  });

  it('refuses a flag given wrong, naming it', () => {
    const refused = (argv: string[], message: RegExp) =>
      assert.throws(
        () => parseCommandLine(argv, {}),
        (e: unknown) => e instanceof UsageError && message.test(e.message),
      );
    refused(['--port', '70000'], /--port must be a number between 0 and 65535, got "70000"/);
    refused(['--port', '-1'], /--port/);
    refused(['--port', '12ab'], /--port must be a number/);
    refused(['--explorer-chain', '296=http://x'], /chain id other than 295–298/);
    refused(['--explorer-chain', '31337'], /--explorer-chain needs ID=URL/);
    refused(['--v2-only', '--session-only'], /leave no API/);
    refused(['--prot', '1'], /--prot/);
  });
});
