// A cloned repository's build output names files outside the workspace (`../`, an absolute path, a symlink out of
// the folder) whose content hashes as the metadata says: `ledger-mirror verify` must neither read nor upload them.
// Every request body reaching the reference verifier passes a capturing proxy and is searched for a sentinel.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { VerifierHandle } from '../../../servers/verifier/server';
import { EXIT } from '../../../src/core/errors';
import { keccak256Hex } from '../../../src/core/verify/keccak';
import { assertCliBuilt, expectExit, runCli } from '../helpers/cli';
import { ADDR, makeWorkspace, sampleBuild, sampleVerifier, type Workspace } from '../helpers/verify-fixtures';

interface Capture {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

/** A loopback proxy to `target` that keeps every request body it forwards. */
async function captureProxy(target: string): Promise<Capture> {
  const bodies: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      bodies.push(body.toString('utf8'));
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SENTINEL = 'SENTINEL_7d41_outside_the_workspace';

describe('CLI verify: workspace confinement', function () {
  this.timeout(60_000);
  let v: VerifierHandle;
  let proxy: Capture;
  let ws: Workspace;
  let outside: string;

  before(assertCliBuilt);
  beforeEach(async () => {
    v = await sampleVerifier();
    proxy = await captureProxy(v.url);
    ws = makeWorkspace({ Caller: { address: ADDR.caller } });
    outside = mkdtempSync(join(tmpdir(), 'ledger-outside-'));
  });
  afterEach(async () => {
    await proxy.close();
    await v.close();
    ws.dispose();
    rmSync(outside, { recursive: true, force: true });
  });

  /** The Caller's deployment record carrying its metadata with one more source, named `path`, hashing as `content`. */
  function recordNaming(path: string, content: string): void {
    const metadata = JSON.parse(sampleBuild().contract('Caller').metadata) as { sources: Record<string, unknown> };
    metadata.sources[path] = { keccak256: keccak256Hex(content), urls: [] };
    ws.write('deployments/testnet/Caller.json', JSON.stringify({ address: ADDR.caller, abi: [], metadata: JSON.stringify(metadata) }));
  }

  const cases: Array<[string, () => string]> = [
    [
      'a ../ path',
      () => {
        writeFileSync(join(outside, 'secret.sol'), SENTINEL);
        return `${relative(ws.root, outside).split('\\').join('/')}/secret.sol`;
      },
    ],
    [
      'an absolute path',
      () => {
        writeFileSync(join(outside, 'secret.sol'), SENTINEL);
        return join(outside, 'secret.sol');
      },
    ],
    [
      'a symlink leaving the folder',
      () => {
        writeFileSync(join(outside, 'secret.sol'), SENTINEL);
        symlinkSync(join(outside, 'secret.sol'), ws.path('contracts/Linked.sol'));
        return 'contracts/Linked.sol';
      },
    ],
  ];

  for (const protocol of ['session', 'v2']) {
    for (const [what, place] of cases) {
      it(`never reads nor uploads a source named through ${what} (${protocol})`, async () => {
        const path = place();
        recordNaming(path, SENTINEL);
        const run = await runCli([
          'verify',
          '--verify-url',
          proxy.url,
          '--chain-id',
          '296',
          '--workspace',
          ws.root,
          '--address',
          ADDR.caller,
          '--protocol',
          protocol,
        ]);
        expectExit(run, EXIT.verificationFailed);
        assert.ok(
          proxy.bodies.every((b) => !b.includes(SENTINEL)),
          'the outside file reached the server',
        );
        assert.ok(!(run.stdout + run.stderr).includes(SENTINEL));
        assert.ok(run.stdout.includes(`${path} is outside the workspace folder; not read, not uploaded`), run.stdout);
      });
    }
  }
});
