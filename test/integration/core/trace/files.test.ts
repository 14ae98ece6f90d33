// Trace files and the bodies written to disk: a FIFO, a directory or a device is refused at once with a clear
// error (never a blocking open), and what is saved beside a fetch stays within its budget.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../../../src/core/errors';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { decodeTraceFile, fetchTrace } from '../../../../src/core/opcodes-client';
import { copyRegularFile } from '../../../../src/core/trace/trace-file';
import { startReference, type ReferenceMirror } from '../../helpers/reference-mirror';

const isInvalidInput = (pattern: RegExp) => (err: unknown) =>
  err instanceof ApiError && err.kind === 'invalid-input' && pattern.test(err.message);

describe('trace files and saved bodies', function () {
  this.timeout(60_000);
  let dir: string;
  let fifo: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'trace-files-'));
    fifo = join(dir, 'trace.fifo');
    execFileSync('mkfifo', [fifo]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('a trace file that is not a regular file', function () {
    // A blocking open of the FIFO would hang past this.
    this.timeout(5_000);

    it('refuses a FIFO without opening it for a writer', async () => {
      await assert.rejects(
        decodeTraceFile(fifo),
        isInvalidInput(/Cannot read the trace file .*trace\.fifo: it is a named pipe \(FIFO\); a trace file must be a regular file\./),
      );
    });

    it('refuses a directory and a device', async () => {
      await assert.rejects(decodeTraceFile(dir), isInvalidInput(/it is a directory; a trace file must be a regular file/));
      await assert.rejects(decodeTraceFile('/dev/zero'), isInvalidInput(/it is a device; a trace file must be a regular file/));
    });

    it('refuses to save (copy) from them', async () => {
      await assert.rejects(copyRegularFile(fifo, join(dir, 'out.json'), 1 << 20), isInvalidInput(/named pipe/));
      assert.equal(existsSync(join(dir, 'out.json')), false);
    });
  });

  it('copies a regular file within the budget and refuses a larger one before writing', async () => {
    const from = join(dir, 'body.json');
    writeFileSync(from, 'x'.repeat(1000));
    await copyRegularFile(from, join(dir, 'copy.json'), 1000);
    assert.ok(existsSync(join(dir, 'copy.json')));
    await assert.rejects(
      copyRegularFile(from, join(dir, 'big.json'), 999),
      isInvalidInput(/Not saved: .* is 1 KB, more than the 1 KB a saved trace may take/),
    );
    assert.equal(existsSync(join(dir, 'big.json')), false);
  });

  describe('the body saved beside a fetch', () => {
    let m: ReferenceMirror;
    let http: HttpClient;
    let size: number;
    before(async () => {
      m = await startReference('post-op');
      http = new HttpClient();
      size = Buffer.byteLength(await m.body('create'));
    });
    after(async () => {
      await http.close();
      await m.close();
    });

    const leftovers = (name: string) => readdirSync(dir).filter((f) => f.startsWith(name));

    it('fails the fetch past the budget by default (--out), leaving no file', async () => {
      const saveTo = join(dir, 'fail.json');
      await assert.rejects(
        fetchTrace(new MirrorClient(m.endpoints, http), m.info('create').transactionId, {
          stack: true,
          memory: true,
          storage: true,
          saveTo,
          saveMaxBytes: size - 1,
        }),
        (err: unknown) =>
          err instanceof ApiError &&
          err.kind === 'too-large' &&
          /^Not saved: the trace body is larger than the [\d.]+ (KB|MB) budget for .*fail\.json; nothing was written\.$/.test(err.message),
      );
      assert.deepEqual(leftovers('fail.json'), []);
    });

    it('skips saving past the budget when asked (the cache) and still decodes', async () => {
      const saveTo = join(dir, 'skip.json');
      const trace = await fetchTrace(new MirrorClient(m.endpoints, http), m.info('create').transactionId, {
        stack: true,
        memory: true,
        storage: true,
        saveTo,
        saveMaxBytes: size - 1,
        whenTooLargeToSave: 'skip',
      });
      assert.equal(trace.length, m.info('create').steps);
      assert.deepEqual(leftovers('skip.json'), []);
      const fits = join(dir, 'fits.json');
      await fetchTrace(new MirrorClient(m.endpoints, http), m.info('create').transactionId, {
        stack: true,
        memory: true,
        storage: true,
        saveTo: fits,
        saveMaxBytes: size,
        whenTooLargeToSave: 'skip',
      });
      assert.deepEqual(leftovers('fits.json'), ['fits.json']);
    });
  });
});
