// `npm run mirror` runs `node scripts/run-ts.mjs servers/mirror/main.ts`: it must announce its URL and ids,
// serve, stop cleanly on SIGTERM, and refuse bad flags with exit code 2. (Flag parsing: test/unit/servers/mirror.)

import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { SAMPLE } from '../../../../servers/mirror/sample';
import { httpGet } from '../../helpers/mirror-http';

const LAUNCH = ['scripts/run-ts.mjs', 'servers/mirror/main.ts'];

function launch(args: string[]): ChildProcess {
  return spawn(process.execPath, [...LAUNCH, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('reference mirror CLI', function () {
  this.timeout(60_000); // each launch compiles the server with tsx: slow on a loaded machine

  it('prints its URL and sample ids, serves, and exits 0 on SIGTERM', async () => {
    const child = launch(['--port', '0', '--no-traces', '--quiet']);
    const exited = exitOf(child);
    try {
      const lines: string[] = [];
      for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
        lines.push(line);
        if (line.startsWith('Press Ctrl-C')) break;
      }
      const url = /^Reference mirror listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
      assert.ok(url, `first line: ${lines[0]}`);
      for (const id of Object.values(SAMPLE))
        assert.ok(
          lines.some((line) => line.includes(id)),
          `mentions ${id}`,
        );
      assert.ok(lines.some((line) => line.includes(`${url}/modes/v0.150`)));
      assert.ok(lines.some((line) => line.includes(`${url}/fixtures/`)));
      assert.equal((await httpGet(`${url}/api/v1/tokens/${SAMPLE.nft}`)).status, 200);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal((await exited).code, 0);
  });

  it('refuses an unknown flag with exit code 2 and the usage', async () => {
    const { code, stderr } = await exitOf(launch(['--bogus']));
    assert.equal(code, 2);
    assert.match(stderr, /Unknown option '--bogus'/);
    assert.match(stderr, /Usage: npm run mirror/);
  });
});
