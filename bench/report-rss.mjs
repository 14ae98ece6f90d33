// Preloaded into the CLI by bench/run.ts: reports the process's peak resident memory on stderr as it exits.
process.on('exit', () => {
  process.stderr.write(`max-rss-bytes=${process.resourceUsage().maxRSS * 1024}\n`);
});
