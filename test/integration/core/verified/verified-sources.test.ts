// Verified sources (#21) on the two reference servers: the verifier's API v2 lookup, the core's reading of it as
// hostile input, the disk cache, and the source mapper using a verified contract only where it is the code that ran.
import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from '../../../../src/core/http';
import { ApiError } from '../../../../src/core/errors';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { ArtifactIndex } from '../../../../src/core/sourcemap/match';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { TraceSources, type StepSource } from '../../../../src/core/sourcemap/trace-sources';
import { VerifiedCache } from '../../../../src/core/verified/verified-cache';
import { parseVerifiedContract, VERIFIED_FIELDS, VERIFIED_LIMITS } from '../../../../src/core/verified/verified-contract';
import { VerifiedSources } from '../../../../src/core/verified/verified-sources';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { startVerifier } from '../../../../servers/verifier/server';
import type { Trace } from '../../../../src/shared/trace-model';
import { sendJson, startServer, type TestServer } from '../../helpers/fixture-server';
import {
  CHAIN_ID,
  MIRROR_ADDRESS,
  mirrorInput,
  startVerifiedReference,
  verifyOnReference,
  type VerifiedReference,
} from '../../helpers/verified-fixtures';

type Answer = Record<string, unknown>;

function mapped(s: StepSource): Extract<StepSource, { kind: 'source' }>['location'] {
  assert.equal(s.kind, 'source', s.kind === 'none' ? `step ${s.step}: ${s.reason}: ${s.message}` : '');
  return s.location;
}

/** The first step of the frame at `depth`. */
function firstStepAt(trace: Trace, depth: number): number {
  for (let i = 0; i < trace.length; i++) if (trace.row(i).depth === depth) return i;
  throw new Error(`no step at depth ${depth}`);
}

async function expectRefusal(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof ApiError, String(err));
    assert.match(err.message, pattern);
    return true;
  });
}

describe('verified sources (reference verifier API v2 + reference mirror)', function () {
  this.timeout(120_000);
  let env: VerifiedReference;
  let http: HttpClient;
  let transport: VerifyTransport;
  let cacheDir: string;
  /** Caller's real lookup answer, which the hostile answers are made from. */
  let callee: Answer;

  const verifiedFor = (url: string, cache?: VerifiedCache) => new VerifiedSources({ transport, url, chainId: CHAIN_ID, cache });
  const traceSources = (trace: Trace, verified: VerifiedSources) =>
    new TraceSources(
      trace,
      new ArtifactIndex([]),
      new SourceFiles(),
      (address) => new MirrorClient(env.ref.endpoints, http).contractCode(address),
      (address) => verified.artifact(address),
    );
  const lookup = async (address: string, query: string) => {
    const res = await fetch(`${env.verifier.url}/v2/contract/${CHAIN_ID}/${address}${query}`);
    return { status: res.status, body: (await res.json()) as Answer };
  };

  before(async () => {
    env = await startVerifiedReference();
    http = new HttpClient();
    transport = new VerifyTransport(http.transport);
    cacheDir = await mkdtemp(join(tmpdir(), 'ledger-verified-'));
    const { status, body } = await lookup(MIRROR_ADDRESS.Callee, `?fields=${VERIFIED_FIELDS}`);
    assert.equal(status, 200);
    callee = body;
  });
  after(async () => {
    await http?.close();
    await env?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  describe('GET /v2/contract/{chainId}/{address}', () => {
    it('answers the match fields alone, then what fields, a subfield or omit selects', async () => {
      const bare = await lookup(MIRROR_ADDRESS.Callee, '');
      assert.deepEqual(Object.keys(bare.body).sort(), [
        'address',
        'chainId',
        'creationMatch',
        'match',
        'matchId',
        'runtimeMatch',
        'verifiedAt',
      ]);
      assert.equal(bare.body.match, 'exact_match');

      const some = await lookup(MIRROR_ADDRESS.Callee, '?fields=sources,abi,runtimeBytecode.sourceMap');
      assert.deepEqual(Object.keys(some.body.sources as Answer), ['contracts/Callee.sol', 'contracts/Caller.sol']);
      assert.ok((some.body.abi as Array<{ name?: string }>).some((e) => e.name === 'double'));
      assert.deepEqual(Object.keys(some.body.runtimeBytecode as Answer), ['sourceMap']);
      assert.equal(some.body.compilation, undefined);

      const all = await lookup(MIRROR_ADDRESS.Caller, '?omit=metadata,sources');
      assert.equal(all.body.metadata, undefined);
      assert.equal(all.body.sources, undefined);
      const runtime = all.body.runtimeBytecode as {
        transformations: Array<{ reason: string }>;
        transformationValues: { immutables?: Answer };
      };
      assert.ok(
        runtime.transformations.length > 0 && runtime.transformations.every((t) => t.reason === 'immutable'),
        'Caller holds Callee in an immutable',
      );
      assert.equal(
        Object.values(runtime.transformationValues.immutables ?? {})[0],
        `0x${MIRROR_ADDRESS.Callee.slice(2).padStart(64, '0')}`,
      );
      assert.equal((all.body.compilation as Answer).fullyQualifiedName, 'contracts/Caller.sol:Caller');
    });

    it('refuses unknown fields, fields with omit, and answers not_found for an unverified contract', async () => {
      const unknown = await lookup(MIRROR_ADDRESS.Callee, '?fields=sources,secrets');
      assert.deepEqual([unknown.status, unknown.body.customCode], [400, 'invalid_parameter']);
      const both = await lookup(MIRROR_ADDRESS.Callee, '?fields=abi&omit=sources');
      assert.deepEqual([both.status, both.body.customCode], [400, 'invalid_parameter']);
      const none = await lookup(MIRROR_ADDRESS.Vault, '?fields=abi');
      assert.deepEqual([none.status, none.body.customCode], [404, 'not_found']);
    });
  });

  describe('the lookup read as hostile input', () => {
    const parse = (body: unknown, address: string = MIRROR_ADDRESS.Callee) =>
      Promise.resolve().then(() => parseVerifiedContract(body, CHAIN_ID, address));
    const withSources = (sources: Record<string, { content: string }>) => ({ ...callee, sources });

    it('reads the real answer: names, sources by map index, ABI and runtime code', async () => {
      const v = await parse(callee);
      assert.equal(v.name, 'Callee');
      assert.equal(v.match, 'exact_match');
      assert.deepEqual([...v.sourceIds.values()], ['contracts/Callee.sol', 'contracts/Caller.sol']);
      assert.match(v.sources.get('contracts/Callee.sol') ?? '', /return 2 \* x;/);
    });

    it('refuses a malformed answer, naming the contract', async () => {
      await expectRefusal(
        parse({ ...callee, compilation: undefined }),
        new RegExp(`answer for ${MIRROR_ADDRESS.Callee} on chain 298 is malformed: compilation`),
      );
      await expectRefusal(
        parse({ ...callee, runtimeBytecode: { recompiledBytecode: '0xzz' } }),
        /malformed: runtimeBytecode\.recompiledBytecode/,
      );
      await expectRefusal(parse([]), /malformed: the body/);
    });

    it('refuses an answer for another chain or another address', async () => {
      await expectRefusal(parse({ ...callee, chainId: '296' }), /it describes .* on chain "296"/);
      await expectRefusal(
        parse(callee, MIRROR_ADDRESS.Calculator),
        new RegExp(`answer for ${MIRROR_ADDRESS.Calculator}.*it describes "${MIRROR_ADDRESS.Callee}"`, 'i'),
      );
    });

    it('refuses source and contract names with control characters or bidi overrides, showing them escaped', async () => {
      await expectRefusal(
        parse(withSources({ 'contracts/A.sol\n[ok] forged line': { content: '' } })),
        /not a plain name \("contracts\/A\.sol\\n\[ok\] forged line"\)/,
      );
      await expectRefusal(parse(withSources({ 'contracts/\u202eA.sol': { content: '' } })), /not a plain name/);
      await expectRefusal(
        parse({ ...callee, compilation: { name: 'Callee\u001b[31m', fullyQualifiedName: 'contracts/Callee.sol:Callee' } }),
        /contract name is not a plain name/,
      );
    });

    it('refuses too many files, too much source and oversized runtime code', async () => {
      const many = Object.fromEntries(Array.from({ length: VERIFIED_LIMITS.files + 1 }, (_, i) => [`f${i}.sol`, { content: '' }]));
      await expectRefusal(
        parse(withSources(many)),
        new RegExp(`${VERIFIED_LIMITS.files + 1} source files \\(at most ${VERIFIED_LIMITS.files}\\)`),
      );
      const big = 'x'.repeat(VERIFIED_LIMITS.sourceChars / 2 + 1);
      await expectRefusal(parse(withSources({ 'a.sol': { content: big }, 'b.sol': { content: big } })), /characters of source \(at most/);
      const code = `0x${'00'.repeat(VERIFIED_LIMITS.codeBytes + 1)}`;
      await expectRefusal(
        parse({ ...callee, runtimeBytecode: { recompiledBytecode: code } }),
        new RegExp(`runtime code of ${VERIFIED_LIMITS.codeBytes + 1} bytes`),
      );
    });
  });

  describe('the source mapper', () => {
    it("maps a trace with no build output at all to the verified contracts' Solidity, read-only text with no workspace path", async () => {
      const trace = await env.ref.fetch('nested-call');
      const verified = verifiedFor(env.verifier.url);
      const sources = traceSources(trace, verified);
      const root = mapped(await sources.locate(firstStepAt(trace, 0)));
      assert.equal(root.contract, 'Caller');
      const inner = mapped(await sources.locate(firstStepAt(trace, 1)));
      assert.deepEqual(
        [inner.contract, inner.sourceName, inner.sourcePath, inner.compiled, inner.metadataDiffers],
        ['Callee', 'contracts/Callee.sol', undefined, true, false],
      );
      assert.match(inner.text, /contract Callee/);
      const { match } = await sources.frameMatch(1);
      assert.deepEqual(match?.artifact.verified, {
        chainId: CHAIN_ID,
        address: MIRROR_ADDRESS.Callee,
        exact: true,
        server: new URL(env.verifier.url).host,
      });
      assert.equal(inner.verified?.server, new URL(env.verifier.url).host);
      assert.equal(verified.stats.requests, 2);
    });

    it('asks once per address however many frames ask at once', async () => {
      const before = env.lookups().length;
      const verified = verifiedFor(env.verifier.url);
      const answers = await Promise.all([1, 2, 3, 4].map(() => verified.artifact(MIRROR_ADDRESS.Callee.toUpperCase().replace('0X', '0x'))));
      assert.ok(answers.every((a) => a === answers[0] && a?.name === 'Callee'));
      assert.equal(env.lookups().length - before, 1);
    });

    it('keeps answers on disk: a second session sends no request', async () => {
      const trace = await env.ref.fetch('nested-call');
      const first = verifiedFor(env.verifier.url, new VerifiedCache(cacheDir, () => 1024 * 1024));
      const sources = traceSources(trace, first);
      for (const depth of [0, 1]) mapped(await sources.locate(firstStepAt(trace, depth)));
      assert.deepEqual(first.stats, { requests: 2, cached: 0 });
      const before = env.lookups().length;
      const second = verifiedFor(env.verifier.url, new VerifiedCache(cacheDir, () => 1024 * 1024));
      const again = traceSources(trace, second);
      assert.deepEqual(
        [mapped(await again.locate(firstStepAt(trace, 0))).contract, mapped(await again.locate(firstStepAt(trace, 1))).contract],
        ['Caller', 'Callee'],
      );
      assert.deepEqual(second.stats, { requests: 0, cached: 2 });
      assert.equal(env.lookups().length, before);
    });

    it('keeps the disk cache within its budget, and re-asks for a tampered file', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'ledger-verified-budget-'));
      try {
        const text = JSON.stringify(callee);
        const cache = new VerifiedCache(dir, () => Math.floor(text.length * 2.5));
        await cache.write(CHAIN_ID, MIRROR_ADDRESS.Callee, text);
        await cache.write(CHAIN_ID, MIRROR_ADDRESS.Caller, text);
        await cache.write(CHAIN_ID, MIRROR_ADDRESS.Vault, text);
        const kept = await readdir(dir);
        assert.equal(kept.length, 2, 'two answers fit the budget');
        assert.ok(kept.includes(`${CHAIN_ID}-${MIRROR_ADDRESS.Vault}.json`), 'the answer just written is kept');
        await cache.write(CHAIN_ID, MIRROR_ADDRESS.Callee, text);
        await assert.rejects(cache.read(CHAIN_ID, '../../etc/passwd'), /Bad verified-cache key/);

        await writeFile(join(dir, `${CHAIN_ID}-${MIRROR_ADDRESS.Callee}.json`), '{"match":"exact_match"}');
        const before = env.lookups().length;
        const verified = verifiedFor(env.verifier.url, cache);
        assert.equal((await verified.artifact(MIRROR_ADDRESS.Callee))?.name, 'Callee');
        assert.deepEqual([verified.stats, env.lookups().length - before], [{ requests: 1, cached: 0 }, 1]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('maps a partial match (the metadata differs) and says so', async () => {
      const input = await mirrorInput(['Calculator.sol'], (text) => `${text}\n// edited after deployment: the metadata hash differs\n`);
      assert.equal(await verifyOnReference(env.verifier.url, MIRROR_ADDRESS.Calculator, 'Calculator.sol', 'Calculator', input), 'match');
      const trace = await env.ref.fetch('success');
      const verified = verifiedFor(env.verifier.url);
      const root = mapped(await traceSources(trace, verified).locate(firstStepAt(trace, 0)));
      assert.deepEqual([root.contract, root.metadataDiffers], ['Calculator', true]);
      assert.match(root.text, /edited after deployment/);
      const { match } = await traceSources(trace, verified).frameMatch(0);
      assert.equal(match?.artifact.verified?.exact, false);
    });

    it("maps a DELEGATECALL frame to the implementation's sources, which is what ran", async () => {
      const input = await mirrorInput(['MathLib.sol']);
      assert.equal(await verifyOnReference(env.verifier.url, MIRROR_ADDRESS.MathLib, 'MathLib.sol', 'MathLib', input), 'exact_match');
      const trace = await env.ref.fetch('delegatecall');
      const frame = trace.frame(1);
      assert.deepEqual(
        [frame.callType, trace.frame(frame.parent).callee, frame.callee],
        ['DELEGATECALL', MIRROR_ADDRESS.LibUser, MIRROR_ADDRESS.MathLib],
      );
      const sources = traceSources(trace, verifiedFor(env.verifier.url));
      const inner = mapped(await sources.locate(firstStepAt(trace, 1)));
      assert.deepEqual([inner.contract, inner.sourceName], ['MathLib', 'contracts/MathLib.sol']);
      const outer = await sources.locate(firstStepAt(trace, 0));
      assert.equal(outer.kind === 'none' && outer.reason, 'no-match', 'the proxy (LibUser) is not verified');
    });

    describe('with a verification server that misbehaves', () => {
      let server: TestServer;
      let answer: (url: string) => { status: number; body: unknown };
      before(async () => {
        server = await startServer((req, res) => {
          const { status, body } = answer(req.url ?? '');
          sendJson(req, res, status, JSON.stringify(body));
        });
      });
      after(() => server.close());

      it('does not use a verified contract that is not the code that ran', async () => {
        // Callee's real answer, claimed for Calculator's address: right shape, wrong code.
        answer = () => ({ status: 200, body: { ...callee, address: MIRROR_ADDRESS.Calculator } });
        const trace = await env.ref.fetch('success');
        const located = await traceSources(trace, verifiedFor(server.url)).locate(firstStepAt(trace, 0));
        assert.equal(located.kind, 'none');
        assert.equal(located.kind === 'none' && located.reason, 'no-match');
        assert.match(
          located.kind === 'none' ? located.message : '',
          /verified contract Callee at 0x0+3e9 does not match the code that ran there; its sources are not used/,
        );
      });

      it('says verified sources need API v2 when /v2 answers 404 without a v2 error', async () => {
        answer = () => ({ status: 404, body: { error: 'Not Found' } });
        await expectRefusal(verifiedFor(server.url).artifact(MIRROR_ADDRESS.Callee), /has no API v2 .*Verified sources need API v2/);
      });

      it('says which contract a malformed answer was for, through the source mapper', async () => {
        answer = () => ({
          status: 200,
          body: { ...callee, address: MIRROR_ADDRESS.Calculator, sources: { '../../etc/passwd\u0000': { content: '' } } },
        });
        const trace = await env.ref.fetch('success');
        const located = await traceSources(trace, verifiedFor(server.url)).locate(firstStepAt(trace, 0));
        assert.equal(located.kind === 'none' && located.reason, 'lookup-failed');
        assert.match(
          located.kind === 'none' ? located.message : '',
          /verified sources of 0x0+3e9: .*answer for 0x0+3e9 on chain 298 is malformed: a source name is not a plain name/,
        );
      });
    });

    it("says verified sources need API v2 with the reference verifier's session-only mode (HashScan's build)", async () => {
      const legacy = await startVerifier({ mirrorUrl: env.ref.mirror.url, v2Api: false });
      try {
        await expectRefusal(verifiedFor(legacy.url).artifact(MIRROR_ADDRESS.Callee), /Verified sources need API v2/);
      } finally {
        await legacy.close();
      }
    });
  });
});
