// Preloaded into the CLI by bench/run.ts: reports the process's peak resident memory and its CPU time (all threads)
// on stderr as it exits.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`max-rss-bytes=${usage.maxRSS * 1024}\ncpu-ms=${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
});
