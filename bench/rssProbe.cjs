// Preloaded into a benchmarked process: writes its peak RSS (bytes) to $REIN_BENCH_RSS_FILE when it exits.
const { writeFileSync } = require('node:fs');
const file = process.env.REIN_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
