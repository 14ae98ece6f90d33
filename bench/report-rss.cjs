// Preloaded into the CLI by bench/run.ts: reports the process's peak resident memory and its CPU time (all threads)
// on stderr as it exits. Preloaded with --require: with --import, Node sends the CJS bundle through its ESM loader,
// which scans the bundle's 3 MB for exports and more than triples the CLI's start-up CPU (0.12 → 0.43 s for --help).
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`max-rss-bytes=${usage.maxRSS * 1024}\ncpu-ms=${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
});
