// The one transport under the mirror and verification clients, over real loopback sockets against the hostile
// server. Back-off waits run on an injected clock, so 429 storms cost no real time.
import { strict as assert } from 'node:assert';
import { ApiError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';
import type { Clock } from '../../../src/core/clock';
import type { RequestLog } from '../../../src/core/net/transport';
import { Transport } from '../../../src/core/net/transport';
import { VerifyTransport } from '../../../src/core/verify/transport';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server';
import { rejectsWith } from '../../helpers/api-error';

/** A clock whose timers fire at once (on the next turn), recording the delays asked for: back-off costs no time. */
function instantClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  let now = Date.UTC(2026, 0, 1);
  return {
    sleeps,
    now: () => now,
    setTimeout: (callback, ms) => {
      sleeps.push(ms);
      now += ms;
      return setImmediate(callback);
    },
    clearTimeout: (handle) => clearImmediate(handle as NodeJS.Immediate),
  };
}

describe('one transport against a hostile server', function () {
  this.timeout(30_000);
  let server: HostileServer;
  const closers: Array<{ close(): Promise<void> }> = [];
  const track = <T extends { close(): Promise<void> }>(c: T): T => (closers.push(c), c);

  before(async () => (server = await startHostileServer()));
  after(() => server.close());
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c.close()));
  });

  describe('429', () => {
    it('honours Retry-After (plus ≤ 10 % jitter) on the mirror, then reports rate-limited after the retries', async () => {
      const clock = instantClock();
      const http = track(new HttpClient({ clock, maxRetries: 3, random: () => 0.5 }));
      const before = server.count('429-retry-after');
      const err = await rejectsWith(http.getJson(`${server.url}/429-retry-after/x`), 'rate-limited');
      assert.equal(server.count('429-retry-after') - before, 4);
      assert.deepEqual(clock.sleeps, [1050, 1050, 1050]);
      assert.match(err.message, /Rate limited by the mirror after 4 attempts — HTTP 429: Too Many Requests/);
    });

    it("a caller's budget (maxWaitMs) shorter than Retry-After ends the request at once, not after a wait (#26)", async () => {
      const clock = instantClock();
      const transport = track(new VerifyTransport({ clock, maxRetries: 3, random: () => 0.5 }));
      const before = server.count('429-retry-after');
      const err = await rejectsWith(transport.send('GET', `${server.url}/429-retry-after/x`, { maxWaitMs: 500 }), 'rate-limited');
      assert.equal(server.count('429-retry-after') - before, 1);
      assert.deepEqual(clock.sleeps, []);
      assert.match(err.message, /which asks to wait 1 s/);
    });

    it('backs off exponentially when there is no Retry-After', async () => {
      const clock = instantClock();
      const http = track(new HttpClient({ clock, maxRetries: 3, backoffBaseMs: 100, backoffMaxMs: 10_000, random: () => 0.5 }));
      await rejectsWith(http.getJson(`${server.url}/429/x`), 'rate-limited');
      assert.deepEqual(clock.sleeps, [75, 150, 300]);
    });

    it('retries a POST to the verification server too (a 429 means it was not processed), then succeeds', async () => {
      const clock = instantClock();
      const verify = track(new VerifyTransport({ clock, maxRetries: 3, random: () => 0.5 }));
      const before = server.count('429-then-ok');
      const res = await verify.send('POST', `${server.url}/429-then-ok/session/input-files`, { body: { files: {} } });
      assert.equal(res.status, 200);
      assert.equal(server.count('429-then-ok') - before, 3);
      assert.ok(
        server.requests.filter((r) => r.scenario === '429-then-ok').every((r) => r.method === 'POST' && r.body === '{"files":{}}'),
        'the body is re-sent',
      );
    });

    it('announces each retry and stops on cancellation during the wait', async () => {
      const controller = new AbortController();
      const clock = instantClock();
      const http = track(new HttpClient({ clock, random: () => 0.5 }));
      const err = await rejectsWith(
        http.getJson(`${server.url}/429/x`, { signal: controller.signal, onRetry: () => controller.abort() }),
        'cancelled',
      );
      assert.match(err.message, /cancelled/);
    });
  });

  describe('redirects', () => {
    it('follows a same-origin redirect of a GET', async () => {
      const http = track(new HttpClient());
      const body = (await http.getJson(`${server.url}/moved-here/api/v1/tokens/0.0.1135`)) as { token_id: string };
      assert.equal(body.token_id, '0.0.1135');
    });

    it('does not re-send a POST on a redirect, even to the same host', async () => {
      const verify = track(new VerifyTransport());
      const err = await rejectsWith(verify.send('POST', `${server.url}/moved-here/session/clear`), 'moved');
      assert.equal(err.location, `${server.url}/ok/session/clear`);
      assert.match(err.message, /a POST request is not re-sent by a redirect/);
    });

    for (const [scenario, status] of [
      ['moved-away', 301],
      ['moved-away-308', 308],
    ] as const) {
      it(`does not follow a ${status} to another host, and exposes the location without user info`, async () => {
        const verify = track(new VerifyTransport());
        const err = await rejectsWith(verify.send('GET', `${server.url}/${scenario}/session/data`), 'moved');
        assert.equal(err.status, status);
        assert.equal(err.location, 'https://elsewhere.example/server/new');
        assert.doesNotMatch(err.message, /hunter2|mover/);
      });
    }

    it('stops a redirect loop', async () => {
      const http = track(new HttpClient());
      const before = server.count('redirect-loop');
      const err = await rejectsWith(http.getJson(`${server.url}/redirect-loop/x`), 'moved');
      assert.equal(server.count('redirect-loop') - before, 6);
      assert.match(err.message, /after 5 redirects/);
    });
  });

  describe('budgets', () => {
    it('ends a trace-sized stream at its own budget with too-large', async () => {
      const http = track(new HttpClient());
      const res = await http.getStream(`${server.url}/bomb/x`, { maxBodyBytes: 3 * 1024 * 1024 });
      const err = await rejectsWith(
        (async () => {
          for await (const _ of res.body);
        })(),
        'too-large',
      );
      assert.match(err.message, /larger than 3\.0 MB after decompression/);
    });

    it('reads a verification answer nested 8 million levels deep as "not JSON", without exhausting memory', async () => {
      const verify = track(new VerifyTransport());
      const res = await verify.send('GET', `${server.url}/deep/session/data`);
      assert.equal(res.status, 200);
      assert.equal(res.body, undefined);
      assert.ok(process.memoryUsage().heapUsed < 512 * 1024 * 1024);
    });

    it('refuses an unknown encoding as soon as the headers arrive', async () => {
      const transport = track(new Transport());
      const res = await transport.send(`${server.url}/br/x`, { method: 'HEAD' }).catch((e: unknown) => e);
      assert.ok(res instanceof ApiError && res.kind === 'bad-response');
    });

    it('serves many concurrent requests, hostile and not, each with its own outcome', async () => {
      const http = track(new HttpClient());
      const scenarios = ['ok', 'bomb', 'cut', 'br', 'malformed', 'slow', 'ok', 'bomb', 'slow', 'corrupt-gzip'];
      const expected: Record<string, string> = {
        ok: 'ok',
        slow: 'ok',
        bomb: 'too-large',
        cut: 'truncated',
        br: 'bad-response',
        malformed: 'bad-response',
        'corrupt-gzip': 'bad-response',
      };
      const results = await Promise.all(
        scenarios.map((s) =>
          http.getJson(`${server.url}/${s}/x`).then(
            () => 'ok',
            (e: unknown) => (e instanceof ApiError ? e.kind : String(e)),
          ),
        ),
      );
      assert.deepEqual(
        results,
        scenarios.map((s) => expected[s]),
      );
    });
  });

  describe('secrets', () => {
    it('sends URL user info as Basic credentials and shows it nowhere: logs, errors, echoed server text', async () => {
      const logs: RequestLog[] = [];
      const http = track(new HttpClient({ logger: (e) => logs.push(e) }));
      const url = server.url.replace('http://', 'http://carol:open-sesame@') + '/echo-500/x';
      const err = await rejectsWith(http.getJson(url), 'server');
      const basic = Buffer.from('carol:open-sesame').toString('base64');
      assert.equal(server.requests.at(-1)?.headers.authorization, `Basic ${basic}`);
      const everything = JSON.stringify({ message: err.message, messages: err.messages, url: err.url, logs });
      assert.doesNotMatch(everything, new RegExp(`open-sesame|${basic}|carol`));
      assert.match(err.message, /cannot serve «redacted» {2}for http:\/\/127\.0\.0\.1/);
    });

    it('redacts header secrets the caller marks, and transport-wide secrets, from server text', async () => {
      const transport = track(new Transport({ secrets: ['wide-secret-value'] }));
      const res = await transport.send(`${server.url}/echo-500/x`, {
        headers: { 'x-api-key': 'header-key-1234' },
        body: 'wide-secret-value',
        method: 'POST',
      });
      const text = await transport.errorText(res);
      assert.doesNotMatch(text, /header-key-1234|wide-secret-value/);
      assert.equal(text.split('«redacted»').length - 1, 2);
    });
  });
});
