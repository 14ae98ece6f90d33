// The CLI in-process: the top-level help, command dispatch, each command's --help, and the argument checks that
// refuse bad input with exit 2 before anything is sent (this tier refuses sockets, so a request would fail the test
// with another exit code).
import { strict as assert } from 'node:assert';
import { EXIT } from '../../../src/core/errors';
import { runInProcess } from '../../helpers/in-process-cli';
import { tokenCommand } from '../../../src/cli/token';
import { traceCommand } from '../../../src/cli/trace';
import { verifyCommand } from '../../../src/cli/verify';

const COMMANDS = { token: tokenCommand, trace: traceCommand, verify: verifyCommand };
const TX = '0.0.1234-1700000000-000000001';

/** Exit 2, one error line naming the problem, nothing on stdout. */
async function refused(argv: string[], message: RegExp): Promise<void> {
  const run = await runInProcess(...argv);
  const shown = `${argv.join(' ')} → exit ${run.code}\n${run.stderr}`;
  assert.equal(run.code, EXIT.invalidInput, shown);
  assert.equal(run.stdout, '', shown);
  assert.match(run.stderr, /^ledger-mirror: /, shown);
  assert.match(run.stderr, message, shown);
}

describe('cli: in-process', () => {
  it('prints the commands and the exit codes for --help, -h and help', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const run = await runInProcess(flag);
      assert.equal(run.code, EXIT.ok);
      assert.match(run.stdout, /^Usage: ledger-mirror <command> \[options\]\n/);
      for (const name of Object.keys(COMMANDS)) assert.match(run.stdout, new RegExp(`^  ${name} +\\S`, 'm'), name);
      assert.match(run.stdout, /Exit codes: 0 ok, 1 other error, 2 invalid input/);
    }
  });

  it('refuses a missing or unknown command with the help, exit 2', async () => {
    const missing = await runInProcess();
    assert.equal(missing.code, EXIT.invalidInput);
    assert.match(missing.stderr, /^ledger-mirror: missing command\nUsage: ledger-mirror <command>/);
    const unknown = await runInProcess('tokens', '0.0.1');
    assert.equal(unknown.code, EXIT.invalidInput);
    assert.match(unknown.stderr, /^ledger-mirror: unknown command "tokens"/);
    // A name on Object.prototype is no command either.
    assert.equal((await runInProcess('constructor')).code, EXIT.invalidInput);
  });

  for (const [name, command] of Object.entries(COMMANDS))
    it(`${name} --help prints its usage, exit 0`, async () => {
      const run = await runInProcess(name, '--help');
      assert.deepEqual([run.code, run.stderr], [EXIT.ok, '']);
      assert.equal(run.stdout, `${command.usage}\n`);
      assert.match(command.usage, new RegExp(`^Usage: ledger-mirror ${name} `));
    });

  it('token: refuses a bad id, a wrong count of ids, an unknown option and a bad timestamp', async () => {
    await refused(['token'], /Expected one token id, got 0\. Usage: ledger-mirror token/);
    await refused(['token', '0.0.1', '0.0.2'], /Expected one token id, got 2/);
    await refused(['token', 'abc'], /token id/i);
    await refused(['token', '0.0.1', '--colour'], /Unknown option '--colour'/);
    await refused(['token', '0.0.1', '--timestamp', 'yesterday'], /timestamp/i);
  });

  it('common options: an unknown network, a custom mirror that is no http URL, a bad timeout', async () => {
    await refused(['token', '0.0.1', '--network', 'moon'], /Unknown network "moon"; expected one of/);
    await refused(['token', '0.0.1', '--mirror', 'ftp://example.com'], /--mirror needs an http\(s\) URL, got "ftp:\/\/example\.com\/?"/);
    await refused(
      ['token', '0.0.1', '--network', 'testnet', '--mirror', 'http://127.0.0.1:1'],
      /cannot be combined with --network testnet/,
    );
    await refused(['token', '0.0.1', '--network', 'custom'], /The custom network needs --mirror URL/);
    await refused(['token', '0.0.1', '--timeout', '0'], /--timeout needs a positive number of seconds, got "0"/);
  });

  it('trace: refuses a bad transaction, a wrong count, and a --sources it does not know', async () => {
    await refused(['trace'], /Expected one transaction id or hash, got 0\. Usage: ledger-mirror trace/);
    await refused(['trace', 'not-a-transaction'], /transaction/i);
    await refused(['trace', TX, TX], /got 2/);
    await refused(['trace', TX, '--sources', 'everything'], /--sources/);
    await refused(['trace', TX, '--verify-url', 'file:///etc/passwd'], /--verify-url/);
  });

  it('verify: refuses a missing chain, a bad checksum and a chain id the network contradicts', async () => {
    await refused(['verify', '--address', '0x5FbDB2315678afecb367f032d93F642f64180aa3'], /--network|--chain-id/);
    await refused(['verify', '--network', 'testnet', '--address', '0x5fbDB2315678afecb367f032d93F642f64180aa3'], /checksum|EVM address/);
    await refused(['verify', '--network', 'testnet', '--chain-id', '1', '--address', '0.0.1234'], /agree|296|chain/i);
  });
});
